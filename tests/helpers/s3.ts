// A local stand-in for S3-compatible object storage, for the tests of files on object storage (sync/storage/s3.ts).
// It follows S3's documented paths, shapes and failures for what the server and the devices use, path-style
// (http://host/<bucket>/<key>):
//
//   POST   /<bucket>        browser-based upload (form fields + file last): the policy (base64 JSON: expiration,
//                           conditions) and its signature version 4 are checked as S3 does: every form field but
//                           the signature, the file, the policy and x-ignore-* must be named by a condition;
//                           {"field": v} / ["eq", "$field", v] / ["starts-with", "$field", p] /
//                           ["content-length-range", min, max]. 204 (no body) with ETag and Location.
//   PUT    /<bucket>/<key>  stores the body (x-amz-content-sha256 must match it unless UNSIGNED-PAYLOAD); 200 + ETag.
//   GET    /<bucket>/<key>  the object; HEAD its headers; DELETE removes it (204 whether or not it existed).
//                           Signed with signature version 4 in the Authorization header or in the query (presigned).
//
// Failures answer S3's error XML (<Error><Code/><Message/>...</Error>; HEAD answers the status only):
// EntityTooLarge / EntityTooSmall (400, content-length-range), AccessDenied (403: a condition failed, an extra
// field, an expired policy or presigned URL, no credentials), SignatureDoesNotMatch (403, which is S3's answer to a
// bad signature), InvalidAccessKeyId (403), NoSuchKey (404), NoSuchBucket (404), RequestTimeTooSkewed (403),
// MethodNotAllowed (405). The stand-in keeps a request body of at most 128 MiB (S3's own POST limit is 5 GB):
// bigger requests are EntityTooLarge whatever the policy says.
import { createHash, createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface S3Request {
  method: string;
  path: string;
  status: number;
  code?: string;
}

export interface S3StandIn {
  /** The endpoint (http://127.0.0.1:<port>). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Every request answered, in order. */
  requests: S3Request[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 128 * 1024 * 1024;
const MAX_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, string>;
  constructor(status: number, code: string, message: string, extra: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}

/** RFC 3986 encoding as signature version 4 wants it. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** "20260101T000000Z" -> Date */
function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
        MaxSizeAllowed: String(MAX_BODY_BYTES),
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function startS3StandIn(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = options.bucket ?? "ledgerline-files";
  const region = options.region ?? "us-east-1";
  const accessKeyId = options.accessKeyId ?? "AKIASTANDIN000000001";
  const secretAccessKey = options.secretAccessKey ?? "stand-in-secret-access-key/0123456789abcd";
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];

  /** Checks a credential scope "<key id>/<yyyymmdd>/<region>/s3/aws4_request"; answers its signing key. */
  function credentialKey(credential: string): { key: Buffer; scope: string } {
    const [keyId, date, scopeRegion, service, terminator] = credential.split("/");
    if (keyId !== accessKeyId) {
      throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
    }
    if (!date || scopeRegion !== region || service !== "s3" || terminator !== "aws4_request") {
      throw new S3Error(403, "AuthorizationQueryParametersError", `Error parsing the X-Amz-Credential parameter`);
    }
    return { key: signingKey(secretAccessKey, date, region, "s3"), scope: `${date}/${region}/s3/aws4_request` };
  }

  /** Signature version 4 of a GET/HEAD/DELETE, in the Authorization header or in the query (presigned URL). */
  function verifyRequest(req: IncomingMessage, url: URL): void {
    const authorization = req.headers.authorization;
    const query = url.searchParams;
    let credential: string;
    let signedHeaders: string;
    let signature: string;
    let amzDate: string;
    let payloadHash: string;
    const presigned = query.has("X-Amz-Signature");
    if (authorization) {
      const m = /^AWS4-HMAC-SHA256 Credential=([^,]+),\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]+)$/.exec(
        authorization,
      );
      if (!m) throw new S3Error(400, "InvalidArgument", "Unsupported Authorization Type");
      [, credential, signedHeaders, signature] = m as unknown as [string, string, string, string];
      amzDate = String(req.headers["x-amz-date"] ?? "");
      payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
      if (!payloadHash)
        throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
    } else if (presigned) {
      if (query.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256") {
        throw new S3Error(400, "AuthorizationQueryParametersError", 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
      }
      credential = query.get("X-Amz-Credential") ?? "";
      signedHeaders = query.get("X-Amz-SignedHeaders") ?? "";
      signature = query.get("X-Amz-Signature") ?? "";
      amzDate = query.get("X-Amz-Date") ?? "";
      payloadHash = "UNSIGNED-PAYLOAD";
    } else {
      throw new S3Error(403, "AccessDenied", "Access Denied");
    }
    const when = parseAmzDate(amzDate);
    if (!when) throw new S3Error(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
    if (presigned) {
      const expires = Number(query.get("X-Amz-Expires"));
      if (!Number.isFinite(expires) || Date.now() > when.getTime() + expires * 1000) {
        throw new S3Error(403, "AccessDenied", "Request has expired", {
          Expires: new Date(when.getTime() + expires * 1000).toISOString(),
        });
      }
    } else if (Math.abs(Date.now() - when.getTime()) > MAX_SKEW_MS) {
      throw new S3Error(
        403,
        "RequestTimeTooSkewed",
        "The difference between the request time and the current time is too large.",
      );
    }
    const { key, scope } = credentialKey(credential);
    const rawQuery = url.search.slice(1);
    const pairs = rawQuery
      ? rawQuery
          .split("&")
          .map((part) => {
            const at = part.indexOf("=");
            const name = decodeURIComponent(at < 0 ? part : part.slice(0, at));
            const value = at < 0 ? "" : decodeURIComponent(part.slice(at + 1).replace(/\+/g, "%20"));
            return [uriEncode(name), uriEncode(value)] as const;
          })
          .filter(([name]) => name !== "X-Amz-Signature")
      : [];
    pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
    const headerNames = signedHeaders.split(";");
    if (!headerNames.includes("host")) throw new S3Error(403, "AccessDenied", "Host must be signed");
    const canonicalHeaders = headerNames
      .map((name) => {
        const value = req.headers[name];
        const text = Array.isArray(value) ? value.join(",") : (value ?? "");
        return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
      })
      .join("");
    const canonicalRequest = [
      req.method,
      url.pathname,
      pairs.map(([name, value]) => `${name}=${value}`).join("&"),
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join("\n");
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
    const expected = hmac(key, stringToSign).toString("hex");
    if (expected !== signature) {
      throw new S3Error(
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      );
    }
  }

  /** Browser-based upload: the form's policy, its signature and its conditions, then the object is stored. */
  async function postObject(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const contentType = req.headers["content-type"] ?? "";
    if (!/^multipart\/form-data/i.test(contentType)) {
      throw new S3Error(412, "PreconditionFailed", "Bucket POST must be of the enclosure-type multipart/form-data");
    }
    const body = await readBody(req);
    let form: FormData;
    try {
      form = await new Request("http://s3.local/", {
        method: "POST",
        headers: { "content-type": contentType },
        body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
      }).formData();
    } catch {
      throw new S3Error(
        400,
        "MalformedPOSTRequest",
        "The body of your POST request is not well-formed multipart/form-data.",
      );
    }
    // Form field names are case-insensitive; the file must come last (everything after it is ignored by S3).
    const fields = new Map<string, string>();
    let file: File | null = null;
    for (const [name, value] of form.entries()) {
      if (file) break;
      if (name.toLowerCase() === "file") {
        if (!(value instanceof File))
          throw new S3Error(400, "InvalidArgument", "POST requires exactly one file upload per request.");
        file = value;
      } else if (typeof value === "string") fields.set(name.toLowerCase(), value);
    }
    if (!file) throw new S3Error(400, "InvalidArgument", "POST requires exactly one file upload per request.");
    const key = fields.get("key");
    if (!key) throw new S3Error(400, "InvalidArgument", "Bucket POST must contain a field named 'key'.");
    const policyText = fields.get("policy");
    if (!policyText) throw new S3Error(403, "AccessDenied", "Bucket POST must contain a field named 'policy'.");
    if (fields.get("x-amz-algorithm") !== "AWS4-HMAC-SHA256") {
      throw new S3Error(400, "InvalidArgument", "Bucket POST must contain a field named 'x-amz-algorithm'.");
    }
    const { key: signing } = credentialKey(fields.get("x-amz-credential") ?? "");
    const date = parseAmzDate(fields.get("x-amz-date") ?? "");
    if (!date) throw new S3Error(400, "InvalidArgument", "Bucket POST must contain a field named 'x-amz-date'.");
    if (hmac(signing, policyText).toString("hex") !== fields.get("x-amz-signature")) {
      throw new S3Error(
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      );
    }
    let policy: { expiration?: string; conditions?: unknown[] };
    try {
      policy = JSON.parse(Buffer.from(policyText, "base64").toString("utf8"));
    } catch {
      throw new S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid JSON.");
    }
    const expiration = Date.parse(policy.expiration ?? "");
    if (!Number.isFinite(expiration))
      throw new S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid 'expiration' value.");
    if (Date.now() > expiration) throw new S3Error(403, "AccessDenied", "Invalid according to Policy: Policy expired.");

    // The values conditions are checked against: the form's fields and the bucket of the request.
    const values = new Map(fields);
    values.set("bucket", bucket);
    const named = new Set<string>(["bucket"]);
    const failed = (condition: unknown) =>
      new S3Error(
        403,
        "AccessDenied",
        `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
      );
    for (const condition of policy.conditions ?? []) {
      if (Array.isArray(condition) && condition[0] === "content-length-range") {
        const [, min, max] = condition as [string, number, number];
        if (file.size > max) {
          throw new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
            ProposedSize: String(file.size),
            MaxSizeAllowed: String(max),
          });
        }
        if (file.size < min) {
          throw new S3Error(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size", {
            ProposedSize: String(file.size),
            MinSizeAllowed: String(min),
          });
        }
        continue;
      }
      let op: string;
      let field: string;
      let expected: string;
      if (Array.isArray(condition)) {
        [op, field, expected] = condition.map(String) as [string, string, string];
        if (!field.startsWith("$"))
          throw new S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid Condition.");
        field = field.slice(1).toLowerCase();
      } else if (condition && typeof condition === "object") {
        const entries = Object.entries(condition as Record<string, unknown>);
        if (entries.length !== 1) throw new S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid Condition.");
        op = "eq";
        field = entries[0]![0].toLowerCase();
        expected = String(entries[0]![1]);
      } else {
        throw new S3Error(400, "InvalidPolicyDocument", "Invalid Policy: Invalid Condition.");
      }
      named.add(field);
      const actual = values.get(field) ?? "";
      const ok = op === "eq" ? actual === expected : op === "starts-with" ? actual.startsWith(expected) : false;
      if (!ok) throw failed(condition);
    }
    const exempt = new Set(["x-amz-signature", "policy", "file"]);
    const extra = [...fields.keys()].filter(
      (name) => !exempt.has(name) && !name.startsWith("x-ignore-") && !named.has(name),
    );
    if (extra.length) {
      throw new S3Error(403, "AccessDenied", `Invalid according to Policy: Extra input fields: ${extra.join(", ")}`);
    }

    const bytes = Buffer.from(await file.arrayBuffer());
    const etag = `"${createHash("md5").update(bytes).digest("hex")}"`;
    objects.set(key, {
      body: bytes,
      contentType: fields.get("content-type") ?? "binary/octet-stream",
      etag,
      lastModified: new Date(),
    });
    const status = Number(fields.get("success_action_status") ?? 204);
    res.writeHead([200, 201].includes(status) ? status : 204, {
      ETag: etag,
      Location: `${endpoint}/${bucket}/${encodeURIComponent(key)}`,
      ...cors(req),
    });
    res.end();
    return [200, 201].includes(status) ? status : 204;
  }

  /** The bucket lets the app's pages POST to it (the CORS rule a bucket for browser uploads needs). */
  function cors(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    return origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : {};
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? "/", endpoint);
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (req.method === "OPTIONS") {
      res.writeHead(200, {
        ...cors(req),
        "Access-Control-Allow-Methods": "GET, HEAD, POST",
        "Access-Control-Allow-Headers": String(req.headers["access-control-request-headers"] ?? "*"),
      });
      res.end();
      return 200;
    }
    if (bucketName !== bucket)
      throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: bucketName ?? "" });
    if (!key) {
      if (req.method === "POST") return postObject(req, res);
      throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE" && req.method !== "PUT") {
      throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
    verifyRequest(req, url);
    if (req.method === "PUT") {
      const body = await readBody(req);
      const declared = String(req.headers["x-amz-content-sha256"] ?? "UNSIGNED-PAYLOAD");
      if (declared !== "UNSIGNED-PAYLOAD" && declared !== sha256Hex(body)) {
        throw new S3Error(
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      objects.set(key, {
        body,
        contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
        etag,
        lastModified: new Date(),
      });
      res.writeHead(200, { ETag: etag });
      res.end();
      return 200;
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return 204;
    }
    const object = objects.get(key);
    if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
    const disposition = url.searchParams.get("response-content-disposition");
    res.writeHead(200, {
      "Content-Type": url.searchParams.get("response-content-type") ?? object.contentType,
      "Content-Length": object.body.length,
      ETag: object.etag,
      "Last-Modified": object.lastModified.toUTCString(),
      "Accept-Ranges": "bytes",
      ...(disposition ? { "Content-Disposition": disposition } : {}),
      ...cors(req),
    });
    res.end(req.method === "HEAD" ? undefined : object.body);
    return 200;
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    handle(req, res).then(
      (status) => requests.push({ method: req.method ?? "", path, status }),
      (error: unknown) => {
        const failure =
          error instanceof S3Error ? error : new S3Error(500, "InternalError", "We encountered an internal error.");
        if (!(error instanceof S3Error)) console.error("s3 stand-in:", error);
        requests.push({ method: req.method ?? "", path, status: failure.status, code: failure.code });
        const requestId = randomUUID();
        if (res.headersSent) return void res.destroy();
        // S3 closes the connection after refusing an upload it did not read to the end.
        if (!req.complete) res.setHeader("Connection", "close");
        if (req.method === "HEAD") {
          res.writeHead(failure.status, { "x-amz-request-id": requestId, ...cors(req) });
          return void res.end();
        }
        const extra = Object.entries(failure.extra)
          .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
          .join("");
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${xmlEscape(failure.message)}</Message>${extra}<RequestId>${requestId}</RequestId><HostId>stand-in</HostId></Error>`;
        res.writeHead(failure.status, {
          "Content-Type": "application/xml",
          "Content-Length": Buffer.byteLength(xml),
          "x-amz-request-id": requestId,
          ...cors(req),
        });
        res.end(xml);
        if (!req.complete) req.resume();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
