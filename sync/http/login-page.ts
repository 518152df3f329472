// The server-rendered sign-in / sign-up page: plain HTML forms that work with no JavaScript, labelled fields,
// errors announced with role="alert" and tied to the form with aria-describedby.
import { MIN_PASSWORD_LENGTH } from "./passwords.ts";

export type LoginMode = "signin" | "signup";

interface LoginPageState {
  /** Where the forms post (keeps the page's query string). */
  action: string;
  mode?: LoginMode;
  error?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const STYLE = `
  :root { color-scheme: light dark; --accent: #1f5fbf; --border: #c9ced6; --muted: #5b6472; --danger: #b42318;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f6f9; color: #1b1f24; }
  main { width: min(100% - 2rem, 56rem); padding: 2rem 0; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  .lead { color: var(--muted); margin: 0 0 1.5rem; }
  .panels { display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr)); }
  section { background: #fff; border: 1px solid var(--border); border-radius: .75rem; padding: 1.5rem; }
  h2 { font-size: 1.15rem; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: .9rem 0 .3rem; }
  input { width: 100%; font: inherit; padding: .6rem .7rem; border: 1px solid var(--border); border-radius: .5rem;
          background: #fff; color: inherit; }
  input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .hint { color: var(--muted); font-size: .875rem; margin: .3rem 0 0; }
  .row { display: grid; gap: 0 1rem; grid-template-columns: 1fr 1fr; }
  button { margin-top: 1.25rem; width: 100%; font: inherit; font-weight: 600; padding: .7rem 1rem; border: 0;
           border-radius: .5rem; background: var(--accent); color: #fff; cursor: pointer; }
  button:hover { filter: brightness(1.1); }
  .error { border: 1px solid var(--danger); color: var(--danger); background: #fef3f2; border-radius: .5rem;
           padding: .7rem .9rem; margin: 0 0 .5rem; }
  @media (prefers-color-scheme: dark) {
    body { background: #111418; color: #e8eaed; }
    section, input { background: #1b1f24; }
    :root { --border: #3a414b; --muted: #a4acb8; --accent: #5b9bff; }
    .error { background: #2a1513; color: #ffb4a8; border-color: #ffb4a8; }
  }
`;

function errorBlock(state: LoginPageState, mode: LoginMode): string {
  if (!state.error || state.mode !== mode) return "";
  return `<p class="error" role="alert" id="${mode}-error">${escapeHtml(state.error)}</p>`;
}

function describedBy(state: LoginPageState, mode: LoginMode): string {
  return state.error && state.mode === mode ? ` aria-describedby="${mode}-error"` : "";
}

export function renderLoginPage(state: LoginPageState): string {
  const action = escapeHtml(state.action);
  const signinEmail = state.mode === "signin" ? escapeHtml(state.email ?? "") : "";
  const signupEmail = state.mode === "signup" ? escapeHtml(state.email ?? "") : "";
  const autofocusSignup = state.mode === "signup" ? " autofocus" : "";
  const autofocusSignin = state.mode === "signup" ? "" : " autofocus";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - Ledgerline</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <h1>Welcome to Ledgerline</h1>
  <p class="lead">Sign in to your account, or create one with your email address.</p>
  <div class="panels">
    <section aria-labelledby="signin-title">
      <h2 id="signin-title">Sign in</h2>
      ${errorBlock(state, "signin")}
      <form method="post" action="${action}"${describedBy(state, "signin")}>
        <input type="hidden" name="mode" value="signin">
        <label for="signin-email">Email</label>
        <input id="signin-email" name="email" type="email" autocomplete="username" required value="${signinEmail}"${autofocusSignin}>
        <label for="signin-password">Password</label>
        <input id="signin-password" name="password" type="password" autocomplete="current-password" required>
        <button type="submit">Sign in</button>
      </form>
    </section>
    <section aria-labelledby="signup-title">
      <h2 id="signup-title">Create an account</h2>
      ${errorBlock(state, "signup")}
      <form method="post" action="${action}"${describedBy(state, "signup")}>
        <input type="hidden" name="mode" value="signup">
        <div class="row">
          <div>
            <label for="signup-first-name">First name</label>
            <input id="signup-first-name" name="firstName" autocomplete="given-name" value="${escapeHtml(state.firstName ?? "")}">
          </div>
          <div>
            <label for="signup-last-name">Last name</label>
            <input id="signup-last-name" name="lastName" autocomplete="family-name" value="${escapeHtml(state.lastName ?? "")}">
          </div>
        </div>
        <label for="signup-email">Email</label>
        <input id="signup-email" name="email" type="email" autocomplete="email" required value="${signupEmail}"${autofocusSignup}>
        <label for="signup-password">Password</label>
        <input id="signup-password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="signup-password-hint">
        <p class="hint" id="signup-password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
        <button type="submit">Create account</button>
        <p class="hint">Already have an account with this address? Sign in instead; creating it again only sends
        its owner an email.</p>
      </form>
    </section>
  </div>
</main>
</body>
</html>`;
}

export function renderMessagePage(title: string, message: string, link: { href: string; text: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Ledgerline</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <section>
    <h1>${escapeHtml(title)}</h1>
    <p>${escapeHtml(message)}</p>
    <p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
  </section>
</main>
</body>
</html>`;
}
