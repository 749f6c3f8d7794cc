import { Fragment } from "react";
import { Code } from "./guide-page";

/** Text whose `backticked` parts are code, as the catalogue's descriptions write them. */
export function InlineCodeText({ text }: { text: string }) {
  return (
    <>
      {text
        .split("`")
        .map((part, index) =>
          index % 2 === 1 ? <Code key={index}>{part}</Code> : <Fragment key={index}>{part}</Fragment>,
        )}
    </>
  );
}
