// The upload locations GraphQL hands out, from the storage in use. The database names the server's own route
// ({url: "/api/v2/uploads/<key>", fields: {key}}: makeFileLocation's fileLocation, make*Document's uploadInfo);
// with object storage each is replaced by the presigned POST of the same slot, so devices and the command endpoint
// get the bucket's URL and the signed form fields without any change to the SQL.
import { access, lambda, type Step } from "postgraphile/grafast";
import type { Database } from "../db/database.ts";
import type { FileStorage, UploadLocation } from "./index.ts";

type Location = { url?: unknown; fields?: { key?: unknown } | null } | null | undefined;

export function makeStoragePlugin(storage: FileStorage, db: Database): GraphileConfig.Plugin {
  /** The storage's location for the slot a database location names (unchanged when the storage has none). */
  async function relocate(location: Location): Promise<Location | UploadLocation> {
    const key = location?.fields?.key;
    if (typeof key !== "string") return location;
    // url and fields are planned apart: one presigned POST serves both halves.
    let made = recent.get(key);
    if (!made) {
      made = presign(key);
      recent.set(key, made);
      setTimeout(() => recent.delete(key), 10_000).unref();
    }
    return (await made) ?? location;
  }

  const recent = new Map<string, Promise<UploadLocation | null>>();

  async function presign(key: string): Promise<UploadLocation | null> {
    const { rows } = await db.query<{ extension: string; expires_on: Date | string; purpose: string }>(
      `select extension, expires_on, app_private.upload_slot_purpose(key) as purpose
         from app_private.upload_slots where key = $1::uuid`,
      [key],
    );
    const slot = rows[0];
    if (!slot) return null;
    const purpose = slot.purpose === "evidence" || slot.purpose === "logo" ? slot.purpose : "document";
    return storage.uploadLocation({ key, extension: slot.extension, expiresOn: new Date(slot.expires_on), purpose });
  }

  return {
    name: "LedgerlineStoragePlugin",
    version: "1.0.0",
    schema: {
      hooks: {
        GraphQLObjectType_fields_field(field, _build, context) {
          if (storage.kind === "local") return field;
          const typeName = context.Self.name;
          const fieldName = context.scope.fieldName;
          if (typeName === "FileLocation" && (fieldName === "url" || fieldName === "fields")) {
            // Both read the slot's key from the record's fields; each answers its half of the presigned POST.
            const plan: NonNullable<typeof field.plan> = ($record) =>
              lambda(fieldsPlanOf($record), async (fields) => {
                const location = await relocate({ fields: fields as { key?: unknown } });
                return fieldName === "url" ? location?.url : location?.fields;
              });
            return { ...field, plan };
          }
          const original = field.plan;
          if (typeName === "DocumentUpload" && fieldName === "uploadInfo" && original) {
            const plan: typeof original = (...args) =>
              lambda(original(...args) as Step, (info) => relocate(info as Location));
            return { ...field, plan };
          }
          return field;
        },
      },
    },
  };
}

/** The `fields` attribute of a file_location record (the plan Grafast gives a field that has none of its own). */
function fieldsPlanOf($record: Step): Step {
  const record = $record as Step & { get?: (attribute: string) => Step };
  return typeof record.get === "function" ? record.get("fields") : access($record, "fields");
}
