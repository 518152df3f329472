// /authenticate/*: sign-in and sign-up (HTML form or JSON), the post-sign-in flow router, account selection,
// switching account and sign-out. See docs/SERVER.md for the contract of each route.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { safeNextPath } from "../../src/domain/redirect.ts";
import type { Database } from "../db/database.ts";
import { claimAccounts, claimPageUrl } from "../mail/claim.ts";
import { queueSignInLockedMail } from "../mail/sign-in-lock.ts";
import { queueAccountExistsMail } from "../mail/signup.ts";
import { activeMemberships, createUser, findUserByEmail, hasPendingTerms, homeOf } from "./accounts.ts";
import { clearedSessionCookie, sessionCookie } from "./cookies.ts";
import { type LoginMode, renderLoginPage, renderMessagePage } from "./login-page.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from "./passwords.ts";
import {
  BodyTooLargeError,
  clientIp,
  isCrossSite,
  mediaType,
  readBody,
  redirect,
  sendHtml,
  sendJson,
} from "./respond.ts";
import {
  createSession,
  endSession,
  type ResolvedSession,
  SESSION_TTL_SECONDS,
  type SessionDevice,
  setSessionAccount,
} from "./sessions.ts";
import { clearFailures, LOCK_MINUTES, MAX_FAILURES_PER_EMAIL, recordFailure, throttledFor } from "./throttle.ts";

interface AuthContext {
  db: Database;
  production: boolean;
}

const AFTER_SIGN_IN = "/authenticate/terms-of-service";
const AFTER_SIGN_UP = "/account-role";

const MESSAGES = {
  wrongCredentials: "Wrong email or password.",
  throttled: `Too many failed sign-in attempts. Please wait ${LOCK_MINUTES} minutes and try again.`,
  suspended: "This user is suspended. Please contact support.",
  invalidEmail: "Enter a valid email address.",
  missingPassword: "Enter your password.",
  shortPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  longName: "Names must be at most 100 characters.",
  badMode: 'mode must be "signin" or "signup".',
  badBody: "Send the sign-in as JSON {email, password, mode} or as a form.",
  crossSite: "Sign-in from another site is not allowed.",
} as const;

interface LoginInput {
  mode: LoginMode;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

type Parsed = { ok: true; input: LoginInput } | { ok: false; message: string; partial: Partial<LoginInput> };

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function parseLoginInput(raw: Record<string, unknown>): Parsed {
  const mode = raw.mode === undefined || raw.mode === "" ? "signin" : raw.mode;
  const email = (text(raw.email) ?? "").trim();
  const password = text(raw.password) ?? "";
  const firstName = (text(raw.firstName) ?? "").trim();
  const lastName = (text(raw.lastName) ?? "").trim();
  const partial = { mode: mode === "signup" ? ("signup" as const) : ("signin" as const), email, firstName, lastName };
  if (mode !== "signin" && mode !== "signup") return { ok: false, message: MESSAGES.badMode, partial };
  if (email.length > 254 || !EMAIL.test(email)) return { ok: false, message: MESSAGES.invalidEmail, partial };
  if (password === "") return { ok: false, message: MESSAGES.missingPassword, partial };
  if (password.length > MAX_PASSWORD_LENGTH) return { ok: false, message: MESSAGES.longPassword, partial };
  if (mode === "signup" && password.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: MESSAGES.shortPassword, partial };
  }
  if (firstName.length > 100 || lastName.length > 100) return { ok: false, message: MESSAGES.longName, partial };
  return { ok: true, input: { mode, email, password, firstName, lastName } };
}

type Outcome =
  | { ok: true; next: string; token: string }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      partial: Partial<LoginInput>;
      /** Seconds until a throttled email or address may try again (the 429's Retry-After). */
      retryAfter?: number;
    };

/** The 429 of a locked email or a throttled address: the same for a registered and an unknown email. */
function throttled(input: LoginInput, retryAfter: number): Outcome {
  return { ok: false, status: 429, code: "LL429", message: MESSAGES.throttled, partial: input, retryAfter };
}

/**
 * A failed attempt; the one that locks the email mails its owner (when it has one), once per lock, in the
 * transaction that takes the lock.
 */
function recordFailedAttempt(db: Database, email: string, ip: string, hasOwner: boolean): Promise<boolean> {
  return recordFailure(db, email, ip, async (tx, lockedUntil) => {
    if (hasOwner) await queueSignInLockedMail(tx, email, MAX_FAILURES_PER_EMAIL, lockedUntil, LOCK_MINUTES);
  });
}

async function signIn(ctx: AuthContext, input: LoginInput, device: SessionDevice): Promise<Outcome> {
  const ip = device.ip ?? "unknown";
  const { db } = ctx;
  const fail = (status: number, code: string, message: string): Outcome => ({
    ok: false,
    status,
    code,
    message,
    partial: input,
  });
  const wait = await throttledFor(db, input.email, ip);
  if (wait !== null) return throttled(input, wait);
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await recordFailedAttempt(db, input.email, ip, Boolean(user));
    return fail(401, "LL401", MESSAGES.wrongCredentials);
  }
  if (user.status !== "active") return fail(403, "LL403", MESSAGES.suspended);
  await clearFailures(db, input.email);
  return { ok: true, next: AFTER_SIGN_IN, token: await createSession(db, user.userId, device) };
}

/**
 * Sign-up answers a new and a registered address alike (docs/SERVER.md "Sign-up and registered addresses"): the same
 * status, body and Set-Cookie, one password hash either way. A new address gets its user and a session. A registered
 * one signs in when the password is that user's (the owner signing up again); otherwise the cookie holds a token of
 * no session (the browser lands signed out), the attempt counts as a failed sign-in (the throttle bounds guessing),
 * and the owner is told by mail - so only the address's owner learns that it is taken.
 */
async function signUp(ctx: AuthContext, input: LoginInput, device: SessionDevice): Promise<Outcome> {
  const ip = device.ip ?? "unknown";
  const { db } = ctx;
  const wait = await throttledFor(db, input.email, ip);
  if (wait !== null) return throttled(input, wait);
  const existing = await findUserByEmail(db, input.email);
  if (!existing) {
    const userId = await createUser(db, input);
    if (userId) return { ok: true, next: AFTER_SIGN_UP, token: await createSession(db, userId, device) };
  }
  // Registered (or registered a moment ago by a concurrent sign-up).
  const user = existing ?? (await findUserByEmail(db, input.email));
  if (user && user.status === "active" && (await verifyPassword(user.passwordHash, input.password))) {
    await clearFailures(db, input.email);
    return { ok: true, next: AFTER_SIGN_UP, token: await createSession(db, user.userId, device) };
  }
  await recordFailedAttempt(db, input.email, ip, Boolean(user));
  await queueAccountExistsMail(db, input.email);
  return { ok: true, next: AFTER_SIGN_UP, token: randomBytes(32).toString("base64url") };
}

async function readLoginBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const type = mediaType(req);
  const body = await readBody(req, 16 * 1024);
  if (type === "application/json") {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(body));
  return null;
}

async function postLogin(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: AuthContext,
  session: ResolvedSession | null,
) {
  const wantsJson = mediaType(req) !== "application/x-www-form-urlencoded";
  const action = `/authenticate/login${url.search}`;
  const answerError = (status: number, code: string, message: string, partial: Partial<LoginInput> = {}) => {
    if (wantsJson) sendJson(res, status, { ok: false, error: { code, message } });
    else sendHtml(res, status, renderLoginPage({ action, error: message, ...partial }));
  };
  if (isCrossSite(req)) return answerError(403, "LL403", MESSAGES.crossSite);
  let raw: Record<string, unknown> | null;
  try {
    raw = await readLoginBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answerError(413, "LL413", "The request is too large.");
    throw error;
  }
  if (!raw) return answerError(400, "LL422", MESSAGES.badBody);
  const parsed = parseLoginInput(raw);
  if (!parsed.ok) return answerError(400, "LL422", parsed.message, parsed.partial);
  const outcome =
    parsed.input.mode === "signup"
      ? await signUp(ctx, parsed.input, sessionDevice(req))
      : await signIn(ctx, parsed.input, sessionDevice(req));
  if (!outcome.ok) {
    if (outcome.retryAfter !== undefined) res.setHeader("Retry-After", String(outcome.retryAfter));
    return answerError(outcome.status, outcome.code, outcome.message, outcome.partial);
  }
  // A fresh session on every sign-in: a cookie planted before sign-in never becomes an authenticated one.
  if (session) await endSession(ctx.db, session.sessionId);
  res.setHeader("Set-Cookie", sessionCookie(outcome.token, SESSION_TTL_SECONDS, ctx.production));
  const next = safeNext(url) ?? outcome.next;
  if (wantsJson) sendJson(res, 200, { ok: true, next });
  else redirect(res, next);
}

/** The sign-in's IP and user agent, kept with the session for the audit trail. */
function sessionDevice(req: IncomingMessage): SessionDevice {
  const agent = req.headers["user-agent"];
  return { ip: clientIp(req), userAgent: typeof agent === "string" ? agent : null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A same-origin path to continue to, from ?next= (src/domain/redirect.ts); anything else is ignored. */
function safeNext(url: URL): string | null {
  return safeNextPath(url.searchParams.get("next"));
}

async function flowRouter(res: ServerResponse, ctx: AuthContext, session: ResolvedSession) {
  if (await hasPendingTerms(ctx.db, session.userId)) return redirect(res, "/account-role");
  const memberships = await activeMemberships(ctx.db, session.userId);
  const [only, ...others] = memberships;
  if (!only || others.length > 0) return redirect(res, "/account-role");
  await setSessionAccount(ctx.db, session.sessionId, only.accountId);
  redirect(res, homeOf(only.accountType));
}

async function selectAccount(res: ServerResponse, url: URL, ctx: AuthContext, session: ResolvedSession, id: string) {
  if (await hasPendingTerms(ctx.db, session.userId)) return redirect(res, "/account-role");
  const membership = UUID.test(id)
    ? (await activeMemberships(ctx.db, session.userId)).find((m) => m.accountId === id.toLowerCase())
    : undefined;
  if (!membership) {
    const page = renderMessagePage("Account not available", "You are not an active member of this account.", {
      href: "/account-role",
      text: "Choose another account",
    });
    return sendHtml(res, 403, page);
  }
  await setSessionAccount(ctx.db, session.sessionId, membership.accountId);
  redirect(res, safeNext(url) ?? homeOf(membership.accountType));
}

export async function handleAuthenticate(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: AuthContext,
  session: ResolvedSession | null,
): Promise<void> {
  const route = url.pathname.replace(/\/+$/, "");
  const method = req.method ?? "GET";
  if (route === "/authenticate/login") {
    if (method === "POST") return postLogin(req, res, url, ctx, session);
    if (method === "GET" || method === "HEAD") {
      return sendHtml(res, 200, renderLoginPage({ action: `/authenticate/login${url.search}` }));
    }
  } else if (method === "GET" || method === "HEAD" || (route === "/authenticate/logout" && method === "POST")) {
    if (route === "/authenticate/logout") {
      if (session) await endSession(ctx.db, session.sessionId);
      res.setHeader("Set-Cookie", clearedSessionCookie(ctx.production));
      return redirect(res, "/login");
    }
    const signInFirst = () => redirect(res, `/login${url.search}`);
    if (route === "/authenticate/terms-of-service") return session ? flowRouter(res, ctx, session) : signInFirst();
    if (route === "/authenticate/app-user") {
      if (!session) return signInFirst();
      await setSessionAccount(ctx.db, session.sessionId, null);
      return redirect(res, "/account-role");
    }
    if (route === "/authenticate/claim") {
      if (!session) return redirect(res, `/login?${new URLSearchParams({ next: url.pathname + url.search })}`);
      const { status, mailId } = await claimAccounts(ctx.db, url.searchParams.get("token"), session.userId);
      return redirect(res, claimPageUrl(status, mailId));
    }
    const role = /^\/authenticate\/role\/([^/]+)$/.exec(route);
    if (role) return session ? selectAccount(res, url, ctx, session, role[1] ?? "") : signInFirst();
    return sendHtml(
      res,
      404,
      renderMessagePage("Not found", "There is nothing at this address.", { href: "/login", text: "Go to sign-in" }),
    );
  }
  res.setHeader("Allow", route === "/authenticate/login" ? "GET, POST" : "GET");
  sendJson(res, 405, { ok: false, error: { code: "LL405", message: "Method not allowed" } });
}
