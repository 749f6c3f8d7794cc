import { describe, expect, it } from "vitest";
import { escapeHtml, html, trustedHtml } from "@/server/loyalty/login/html";
import { loginFormText, loginMessages, loginPages } from "@/server/loyalty/login/login-messages";
import { loginStyleSource, renderLoginForm, renderProblemPage } from "@/server/loyalty/login/render-login-page";

describe("the html template tag", () => {
  it("escapes every interpolated string, in text and in attributes", () => {
    const hostile = `"><script>alert('x')</script>&\``;
    const page = html`<p title="${hostile}">${hostile}</p>`.value;
    expect(page).not.toContain("<script>");
    expect(page).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&#96;">&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&#96;</p>',
    );
  });

  it("keeps nested templates and trusted markup as markup, and drops empty values", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p>${inner}${trustedHtml("<hr>")}${null}${undefined}${false}${[html`<br>`, "&"]}${3}</p>`.value).toBe(
      "<p><b>&lt;i&gt;</b><hr><br>&amp;3</p>",
    );
  });

  it("escapes the five HTML-significant characters and the backtick", () => {
    expect(escapeHtml(`&<>"'\``)).toBe("&amp;&lt;&gt;&quot;&#39;&#96;");
  });
});

describe("the rendered login form", () => {
  const view = {
    programmeName: "Northstar Club",
    brand: "Demo <Partner>",
    action: '/oauth/auth/login?client_id=DEMO-10001&state="x"',
    csrfToken: "token-value",
    username: '"><img src=x>',
    message: loginMessages.invalidCredentials,
  };

  it("escapes the brand, the action and the kept username", () => {
    const page = renderLoginForm(view).value;
    expect(page).toContain("Demo &lt;Partner&gt;");
    expect(page).toContain('action="/oauth/auth/login?client_id=DEMO-10001&amp;state=&quot;x&quot;"');
    expect(page).toContain('value="&quot;&gt;&lt;img src=x&gt;"');
    expect(page).not.toContain("<img");
  });

  it("labels both fields, names the programme and shows the message as an alert", () => {
    const page = renderLoginForm(view).value;
    expect(page).toContain(`<label for="username">${loginFormText.username}</label>`);
    expect(page).toContain(`<label for="password">${loginFormText.password}</label>`);
    expect(page).toContain('<input id="username" name="username" type="text"');
    expect(page).toContain('<input id="password" name="password" type="password"');
    expect(page).toContain(`<button type="submit">Log in</button>`);
    expect(page).toContain("<h1>Log in to Northstar Club</h1>");
    expect(page).toContain(`role="alert" id="login-message">${loginMessages.invalidCredentials}</p>`);
    expect(page).toContain('<input type="hidden" name="csrf" value="token-value">');
    expect(page).not.toMatch(/<script|<link|@import|url\(/i);
  });

  it("carries a stylesheet whose hash is the one the CSP allows", async () => {
    const { createHash } = await import("node:crypto");
    const style = /<style>([\s\S]*?)<\/style>/.exec(renderLoginForm(view).value)?.[1] ?? "";
    expect(`'sha256-${createHash("sha256").update(style).digest("base64")}'`).toBe(loginStyleSource);
  });

  it("renders a problem page with its reference", () => {
    const page = renderProblemPage(loginPages.systemUnavailable, "ref-123").value;
    expect(page).toContain(loginPages.systemUnavailable.title);
    expect(page).toContain(loginPages.systemUnavailable.text);
    expect(page).toContain("Reference: ref-123");
    expect(page).not.toContain("<form");
  });
});
