// A transfer's confirmation statement as a download (docs/TRANSFERS.md): GET /api/v2/transfers/{id}/confirmation.pdf
// for whoever reads the transfer (its requester, its transferee, the issuer, a broker managing the round, the
// security's transfer agent), read as the session under row-level security; made once the transfer is approved.
import type { ServerResponse } from "node:http";
import { TRANSFER_CONFIRMATION_PATH } from "../../src/domain/transfers.ts";
import type { Database } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { sendJson } from "../http/respond.ts";
import type { Route } from "../http/routes.ts";
import { type ConfirmedTransfer, confirmationPdf } from "./confirmation-pdf.ts";

export const TRANSFER_ROUTE_TEXT = {
  notFound: "Transfer request not found",
  notApproved: "This transfer is not approved: its confirmation is made once it is.",
  useGet: "Use GET",
} as const;

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readTransfer(db: Database, session: SessionClaims, id: string) {
  return db.transaction(async (tx) => {
    await sessionRole(tx, session);
    const { rows } = await tx.query<{
      status: string;
      security_name: string;
      issuer_name: string;
      requester_name: string;
      transferee_name: string;
      units: string;
      price_per_unit: string | null;
      reason: string;
      requested_on: Date;
      decided_on: Date | null;
      transaction_id: string | null;
    }>(
      `select t.status, l.security_name, l.requester_name, l.transferee_name, t.units::text,
              t.price_per_unit::text, t.reason, t.requested_on, t.decided_on, t.transaction_id,
              (select a.name from app_public.accounts a where a.id = t.issuer_id) as issuer_name
         from app_public.transfers t
         join app_private.transfer_labels(array[t.id]) l on l.id = t.id
        where t.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  });
}

export function transferRoutes(options: { db: Database }): Route[] {
  const { db } = options;
  return [
    {
      method: "GET",
      answersOtherMethods: true,
      path: TRANSFER_CONFIRMATION_PATH,
      access: "session",
      doc: "An approved transfer's confirmation statement, a PDF, for its requester, its transferee, the issuer, a broker managing the round and the security's transfer agent (docs/TRANSFERS.md); 404 for anyone else, 409 before approval; HEAD too, else 405",
      async handle(req, res, context) {
        if (req.method !== "GET" && req.method !== "HEAD") {
          res.setHeader("Allow", "GET, HEAD");
          return refuse(res, 405, "LL405", TRANSFER_ROUTE_TEXT.useGet);
        }
        const id = context.params.transferId ?? "";
        const row = UUID.test(id) ? await readTransfer(db, context.session as SessionClaims, id) : null;
        if (!row) return refuse(res, 404, "LL404", TRANSFER_ROUTE_TEXT.notFound);
        if (row.status !== "approved" || !row.decided_on || !row.transaction_id) {
          return refuse(res, 409, "LL409", TRANSFER_ROUTE_TEXT.notApproved);
        }
        const transfer: ConfirmedTransfer = {
          id,
          securityName: row.security_name,
          issuerName: row.issuer_name ?? "",
          requesterName: row.requester_name,
          transfereeName: row.transferee_name,
          units: row.units,
          pricePerUnit: row.price_per_unit,
          reason: row.reason,
          requestedOn: row.requested_on,
          decidedOn: row.decided_on,
          transactionId: row.transaction_id,
        };
        const body = await confirmationPdf(transfer);
        res.writeHead(200, {
          "Content-Type": "application/pdf",
          "Content-Length": body.byteLength,
          "Content-Disposition": `attachment; filename="ledgerline-transfer-${id}.pdf"`,
          "Cache-Control": "no-store",
        });
        res.end(req.method === "HEAD" ? undefined : body);
      },
    },
  ];
}
