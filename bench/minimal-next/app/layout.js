/** The minimal reference's root layout: the member page needs one; the route handlers do not use it. */
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
