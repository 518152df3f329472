// Example files users download to see the shape an import expects (spec part 1 section 7):
// GET /api/v2/example/download/contacts.csv. Static text, no session needed; the columns match the client's parser
// (src/domain/contacts.ts, CONTACTS_CSV_HEADER); written by toCsv (src/domain/csv.ts) like every CSV the product makes.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CSV_CONTENT_TYPE, toCsv } from "../../src/domain/csv.ts";
import { sendJson } from "./respond.ts";

export const EXAMPLES_PATH = "/api/v2/example/download/";

const EXAMPLES: Record<string, { type: string; body: string }> = {
  "contacts.csv": {
    type: CSV_CONTENT_TYPE,
    body: toCsv(
      ["Contact Name", "Email"],
      [
        ["Ada Byron", "ada.byron@example.com"],
        ["Alan Turing", "alan.turing@example.com"],
      ],
    ),
  },
};

/** Answers a request under EXAMPLES_PATH: the file as an attachment, 404 for an unknown name, 405 unless GET/HEAD. */
export function handleExample(req: IncomingMessage, res: ServerResponse, path: string): void {
  const name = path.slice(EXAMPLES_PATH.length);
  const example = Object.hasOwn(EXAMPLES, name) ? EXAMPLES[name] : undefined;
  if (!example) {
    sendJson(res, 404, { errors: [{ message: "Not found", extensions: { code: "LL404" } }] });
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    sendJson(res, 405, { errors: [{ message: "Method not allowed" }] });
    return;
  }
  res.writeHead(200, {
    "Content-Type": example.type,
    "Content-Length": Buffer.byteLength(example.body),
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": "public, max-age=3600",
  });
  res.end(req.method === "HEAD" ? undefined : example.body);
}
