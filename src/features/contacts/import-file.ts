// How a checked contacts file reaches the server (spec part 1 section 7: makeFileLocation, the multipart POST, then
// bulkCustomers(fileName)). Online, the file itself is uploaded and the server reads and checks it again; the import
// is then one bulkCustomers command naming the stored file. Offline no upload is possible, so the parsed rows go as
// the command instead (bulkCustomers(contacts)) and wait in the outbox; the server runs the same checks on both.
import { GraphqlError, graphql, NetworkError } from "../../data/graphql.ts";
import { type PostedFile, postFile } from "../../data/upload-file.ts";
import type { ImportRow } from "../../domain/contacts.ts";
import { MESSAGES } from "../../domain/messages.ts";

const LOCATION = `mutation makeFileLocation($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;

type ImportVariables = { input: { fileName: string } } | { input: { contacts: Array<ImportRow & { id: string }> } };

type ImportPlan = { ok: true; variables: ImportVariables } | { ok: false; message: string };

/** The rows form: every contact with an id made here, so the queued import can be shown and resent as it is. */
const rowsImport = (rows: readonly ImportRow[]): ImportVariables => ({
  input: { contacts: rows.map((row) => ({ ...row, id: crypto.randomUUID() })) },
});

/**
 * Uploads the file when online and answers the fileName form; when the network is gone (before or during the
 * upload) it answers the rows form, so the import is queued rather than lost. A refusal by the server is a message.
 */
export async function planImport(file: File, rows: readonly ImportRow[], online: boolean): Promise<ImportPlan> {
  if (!online) return { ok: true, variables: rowsImport(rows) };
  let location: { url: string; fields: Record<string, string> };
  try {
    const made = await graphql<{ makeFileLocation: { fileLocation: typeof location } }>(LOCATION, {
      fileName: file.name,
    });
    location = made.makeFileLocation.fileLocation;
  } catch (error) {
    if (error instanceof NetworkError) return { ok: true, variables: rowsImport(rows) };
    const message = error instanceof GraphqlError ? error.errors[0]?.message : undefined;
    return { ok: false, message: message ?? MESSAGES.defaultError };
  }
  let response: PostedFile;
  try {
    response = await postFile(location, file);
  } catch {
    return { ok: true, variables: rowsImport(rows) };
  }
  if (response.status === 413) return { ok: false, message: MESSAGES.uploadTooLarge };
  if (!response.ok) return { ok: false, message: MESSAGES.uploadUnknown };
  const key = location.fields.key;
  if (!key) return { ok: false, message: MESSAGES.uploadUnknown };
  return { ok: true, variables: { input: { fileName: key } } };
}
