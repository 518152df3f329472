// "Verify with InvestReady" on an accreditation step (docs/ACCREDITATION.md "InvestReady"): asks the server for the
// step's credential (POST /api/v2/integration/investready-credential, the spec's route) and shows the provider's page
// in a frame, as the async iframe steps do, with a link that opens it in a new tab (a sign-in page may refuse to be
// framed). The provider's answer reaches the step through the server and the replica. Needs the network.
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { Spinner } from "../../ui/icons.tsx";
import { ErrorBlock, linkClass } from "../../ui/index.ts";
import { asyncCredential, providerPageUrl } from "./integration.ts";
import { INVESTREADY_TEXT as T } from "./strings.ts";

export function InvestReadyAction({ stepId }: { stepId: string }) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let live = true;
    asyncCredential(stepId)
      .then((credential) => live && setState({ url: providerPageUrl(credential), failed: false }))
      .catch(() => live && setState({ url: null, failed: true }));
    return () => {
      live = false;
    };
  }, [stepId]);
  if (state.failed) return <ErrorBlock text={T.failed} />;
  if (!state.url) return <Spinner />;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="investready-frame">
      <iframe
        title={T.frameTitle}
        src={state.url}
        className={css({
          w: "full",
          h: "28rem",
          borderWidth: "1px",
          borderColor: "border.default",
          borderRadius: "md",
          bg: "bg.surface",
        })}
      />
      <a href={state.url} target="_blank" rel="noopener" className={linkClass}>
        {T.openInNewTab}
      </a>
    </div>
  );
}
