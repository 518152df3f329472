// Accreditation with InvestReady, the server's side (docs/ACCREDITATION.md "InvestReady"): what the integration routes
// (sync/http/integrations.ts) call for an 'accreditation' step.
//   POST /api/v2/integration/investready-credential {stepId} -> {token, state, url}: a sign-in state for the step
//     (the spec's {token, state}; url is where the investor signs in at InvestReady), or 503 when this server has no
//     InvestReady settings (the step then offers only the built-in review; nothing pretends to succeed).
//   GET /api/v2/integration/investready/callback?code&state: InvestReady sends the investor back here; the code is
//     exchanged, the investor's status read and applied to the verification (app_private.investready_result).
//   POST /api/v2/integration/investready-status {stepId}: reads a pending verification again.
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import {
  authorizeUrl,
  exchangeCode,
  InvestReadyError,
  type InvestReadySettings,
  type InvestReadyStatus,
  readStatus,
} from "./investready.ts";

export const CALLBACK_PATH = "/api/v2/integration/investready/callback";
export const NOT_CONFIGURED =
  "InvestReady is not set up on this server. Choose another way to verify your accreditation.";

export interface Answer {
  status: number;
  body: unknown;
}

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { errors: [{ message, extensions: { code } }] },
});

function coded(caught: unknown): { code: string; message: string } | null {
  const code = (caught as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("LL") ? { code, message: (caught as Error).message } : null;
}

export interface AccreditationService {
  configured: boolean;
  /** The credential for an accreditation step (null: not an accreditation step, the caller answers as before). */
  credential(stepId: string, session: SessionClaims, origin: string): Promise<Answer | null>;
  /** InvestReady's redirect back: the text the investor reads, and whether it went through. */
  callback(url: URL, origin: string): Promise<{ status: number; message: string }>;
  /** A pending InvestReady verification read again. */
  refresh(stepId: string, session: SessionClaims): Promise<Answer | null>;
}

export async function prepareAccreditationService(options: {
  db: Database;
  investready: InvestReadySettings | null;
  publicUrl?: string | null;
}): Promise<AccreditationService> {
  const { db, investready } = options;
  await db.query("select app_private.set_accreditation_provider($1)", [investready !== null]);
  const redirectUri = (origin: string) => `${options.publicUrl ?? origin}${CALLBACK_PATH}`;

  async function isAccreditationStep(stepId: string, session: SessionClaims): Promise<boolean> {
    const { rows } = await db.query<{ type: string }>(
      `select s.type from app_public.steps s join app_public.processes p on p.id = s.process_id
        where s.id = $1 and p.investor_id = $2`,
      [stepId, session.accountId],
    );
    return rows[0]?.type === "accreditation";
  }

  async function apply(state: string, result: InvestReadyStatus) {
    const { rows } = await db.query<{ status: string }>(
      "select (app_private.investready_result($1, $2, $3, $4, $5)).status",
      [
        state,
        result.status,
        result.status === "rejected" ? result.reason : null,
        result.status === "approved" || result.status === "expired" ? result.expiresOn.toISOString() : null,
        result.reference || null,
      ],
    );
    return rows[0]?.status ?? "submitted";
  }

  const said: Record<string, string> = {
    approved: "InvestReady verified your accreditation. You can return to Ledgerline.",
    rejected: "InvestReady could not verify your accreditation. Return to Ledgerline to see why and try again.",
    submitted: "InvestReady is still reviewing your accreditation. Ledgerline shows the result once it is ready.",
  };

  return {
    configured: investready !== null,

    async credential(stepId, session, origin) {
      if (!session.accountId || session.accountType !== "investor" || !(await isAccreditationStep(stepId, session))) {
        return null;
      }
      if (!investready) return error(503, "LL503", NOT_CONFIGURED);
      if (session.accountRole === "account_viewer") return error(403, "LL403", "Operation not allowed");
      const state = randomBytes(24).toString("base64url");
      try {
        await db.query("select app_private.investready_begin($1, $2, $3, $4)", [
          stepId,
          session.accountId,
          session.userId,
          state,
        ]);
      } catch (caught) {
        const known = coded(caught);
        if (!known) throw caught;
        return error(known.code === "LL404" ? 404 : 422, known.code, known.message);
      }
      // token: the sign-in's own handle (the state is the secret InvestReady hands back); url: where to sign in
      return {
        status: 200,
        body: {
          token: randomBytes(16).toString("hex"),
          state,
          url: authorizeUrl(investready, redirectUri(origin), state),
        },
      };
    },

    async callback(url, origin) {
      const state = url.searchParams.get("state") ?? "";
      const code = url.searchParams.get("code") ?? "";
      if (!investready) return { status: 503, message: NOT_CONFIGURED };
      const { rows } = await db.query<{ used: boolean }>(
        "select used_on is not null as used from app_private.investready_states where state = $1",
        [state],
      );
      if (!state || !rows[0]) return { status: 404, message: "This InvestReady sign-in is unknown or expired." };
      if (!code) {
        const denied = url.searchParams.get("error") === "access_denied";
        return {
          status: 400,
          message: denied
            ? "You did not allow Ledgerline to read your InvestReady verification. Return to Ledgerline to choose another way."
            : "InvestReady did not send a sign-in code. Please start the verification again.",
        };
      }
      try {
        const tokens = await exchangeCode(investready, code, redirectUri(origin));
        // kept sealed (app_private.seal: the server's encryption key) to read a pending verification again
        await db.query(
          `update app_private.investready_states
              set tokens = app_private.seal(jsonb_build_object('access', $2::text, 'refresh', $3::text)), used_on = now()
            where state = $1`,
          [state, tokens.accessToken, tokens.refreshToken],
        );
        const status = await apply(state, await readStatus(investready, tokens.accessToken));
        return { status: 200, message: said[status] ?? (said.submitted as string) };
      } catch (caught) {
        if (caught instanceof InvestReadyError) {
          return { status: caught.failure === "unavailable" ? 503 : 502, message: caught.message };
        }
        const known = coded(caught);
        if (!known) throw caught;
        return { status: 409, message: known.message };
      }
    },

    async refresh(stepId, session) {
      if (!session.accountId || !(await isAccreditationStep(stepId, session))) return null;
      if (!investready) return error(503, "LL503", NOT_CONFIGURED);
      const { rows } = await db.query<{ state: string; access_token: string }>(
        `select state, app_private.unseal(tokens) ->> 'access' as access_token from app_private.investready_states
          where step_id = $1 and investor_id = $2 and tokens is not null order by used_on desc limit 1`,
        [stepId, session.accountId],
      );
      const started = rows[0];
      if (!started) return error(404, "LL404", "There is no InvestReady verification for this step yet.");
      try {
        const status = await apply(started.state, await readStatus(investready, started.access_token));
        return { status: 200, body: { status } };
      } catch (caught) {
        if (caught instanceof InvestReadyError) {
          return error(caught.failure === "unavailable" ? 503 : 502, "LL502", caught.message);
        }
        const known = coded(caught);
        if (!known) throw caught;
        return error(409, known.code, known.message);
      }
    },
  };
}
