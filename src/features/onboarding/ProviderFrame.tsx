// A provider's page framed in a step (the async iframe steps, the signing provider): the page's own frame, taller
// for a document to sign.
import { css, cx } from "../../../styled-system/css";

const frame = css({
  w: "full",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  bg: "bg.surface",
});

export function ProviderFrame({ title, src, tall = false }: { title: string; src: string; tall?: boolean }) {
  return <iframe title={title} src={src} className={cx(frame, tall ? css({ h: "36rem" }) : css({ h: "22rem" }))} />;
}
