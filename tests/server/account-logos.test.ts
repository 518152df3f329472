// Account logos (issue 35 item 7) through the real server with the client bypassed: owners and admins set the
// account's logo (an image slot, uploaded before or after the command) and its link; viewers, other accounts and
// investors of other accounts are refused; a text file renamed .png, an SVG, a file over 1 MB and a bad link are
// refused with their texts; the logo is served, with a policy that runs nothing, to whoever may see the account
// (members before an account is picked too) and is 404 to anyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/domain/messages.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const ISSUER = "Northwind Renewables, Inc.";
const INVESTOR = "Emma Lawson";
const id = (name: string) => {
  const found = accountIds.get(name);
  if (!found) throw new Error(`no account ${name}`);
  return found;
};

async function as(email: string, accountName?: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  if (accountName) expect((await client.selectAccount(id(accountName))).status).toBe(303);
  return client;
}

/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

const LOCATION = `mutation location($fileName: String!, $key: UUID) {
  makeFileLocation(input: { fileName: $fileName, key: $key }) { fileLocation { url fields } } }`;
const SET_LOGO = `mutation setAccountLogo($accountId: UUID!, $fileKey: UUID, $fileName: String) {
  setAccountLogo(input: { accountId: $accountId, fileKey: $fileKey, fileName: $fileName }) {
    account { id logoKey logoUrl logoLink } } }`;
const SET_LINK = `mutation setAccountLogoLink($accountId: UUID!, $link: String!) {
  setAccountLogoLink(input: { accountId: $accountId, link: $link }) { account { id logoLink } } }`;
const CURRENT = "query { currentAccount { id logoKey logoUrl logoLink } }";

interface Account {
  id: string;
  logoKey: string | null;
  logoUrl: string | null;
  logoLink: string | null;
}

async function uploadTo(client: TestClient, key: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
  const made = await client.graphql<{ makeFileLocation: { fileLocation: { url: string } } }>(LOCATION, {
    fileName: name,
    key,
  });
  expect(made.errors).toBeUndefined();
  const form = new FormData();
  form.set("key", key);
  form.set("file", new Blob([bytes]), name);
  const response = await client.fetch(made.data!.makeFileLocation.fileLocation.url, { method: "POST", body: form });
  const body = (await response.json()) as { errors?: Array<{ message: string }> };
  return { status: response.status, message: body.errors?.[0]?.message };
}

async function setLogo(client: TestClient, accountId: string, fileKey: string | null, fileName?: string) {
  return client.graphql<{ setAccountLogo: { account: Account } }>(SET_LOGO, { accountId, fileKey, fileName });
}

describe("account logos", () => {
  let issuerLogo = "";

  it("the owner uploads a logo, then names it; the address is the logo's own, served as a PNG that runs nothing", async () => {
    const owner = await as("issuer@demo.test", ISSUER);
    const key = crypto.randomUUID();
    expect(await uploadTo(owner, key, "Northwind logo.png", PNG)).toMatchObject({ status: 201 });
    const set = await setLogo(owner, id(ISSUER), key, "Northwind logo.png");
    expect(set.errors).toBeUndefined();
    expect(set.data?.setAccountLogo.account).toMatchObject({ logoKey: key, logoUrl: `/api/v2/logos/${key}` });
    issuerLogo = `/api/v2/logos/${key}`;

    const served = await owner.fetch(issuerLogo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("an admin names a logo before its file arrives (a device offline): the address appears once it is uploaded", async () => {
    const admin = await as("multi@demo.test", ISSUER);
    const key = crypto.randomUUID();
    const set = await setLogo(admin, id(ISSUER), key, "mark.png");
    expect(set.errors).toBeUndefined();
    expect(set.data?.setAccountLogo.account).toMatchObject({ logoKey: key, logoUrl: null });
    expect((await admin.fetch(`/api/v2/logos/${key}`)).status).toBe(404);
    expect(await uploadTo(admin, key, "mark.png", PNG)).toMatchObject({ status: 201 });
    const current = await admin.graphql<{ currentAccount: Account }>(CURRENT);
    expect(current.data?.currentAccount).toMatchObject({ logoKey: key, logoUrl: `/api/v2/logos/${key}` });
    expect((await admin.fetch(`/api/v2/logos/${key}`)).status).toBe(200);
    // the first logo is no account's any more: nobody is served it
    expect((await admin.fetch(issuerLogo)).status).toBe(404);
    issuerLogo = `/api/v2/logos/${key}`;
  });

  it("is served to whoever may see the account, before an account is picked too, and to nobody else", async () => {
    expect((await (await as("issuer-viewer@demo.test", ISSUER)).fetch(issuerLogo)).status).toBe(200);
    expect((await (await as("broker@demo.test", "Harborview Capital Markets LLC")).fetch(issuerLogo)).status).toBe(200);
    // a member that has not picked an account yet (the account selection's cards)
    expect((await (await as("multi@demo.test")).fetch(issuerLogo)).status).toBe(200);
    expect((await t.client().fetch(issuerLogo)).status).toBe(401);
    expect((await (await as("issuer@demo.test", ISSUER)).fetch(`/api/v2/logos/${crypto.randomUUID()}`)).status).toBe(
      404,
    );

    // An investor's logo: its own people and the issuer it invests with see it, another investor does not.
    const investor = await as("investor@demo.test", INVESTOR);
    const key = crypto.randomUUID();
    expect(
      await uploadTo(investor, key, "emma.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])),
    ).toMatchObject({ status: 201 });
    expect((await setLogo(investor, id(INVESTOR), key, "emma.jpg")).errors).toBeUndefined();
    const investorLogo = `/api/v2/logos/${key}`;
    const own = await investor.fetch(investorLogo);
    expect([own.status, own.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await (await as("issuer@demo.test", ISSUER)).fetch(investorLogo)).status).toBe(200);
    const other = await as("investor2@demo.test", "Kim Family Trust");
    expect((await other.fetch(investorLogo)).status).toBe(404);
  });

  it("refuses viewers, other accounts and investors of other accounts; nothing changes", async () => {
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    const key = crypto.randomUUID();
    const byViewer = await setLogo(viewer, id(ISSUER), key, "x.png");
    expect(byViewer.errors?.[0]?.extensions?.code).toBe("LL403");
    expect(
      (await viewer.graphql(SET_LINK, { accountId: id(ISSUER), link: "https://x.test" })).errors?.[0]?.extensions?.code,
    ).toBe("LL403");
    expect((await viewer.graphql(LOCATION, { fileName: "x.png", key })).errors?.[0]?.extensions?.code).toBe("LL403");

    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    expect((await setLogo(broker, id(ISSUER), null)).errors?.[0]?.extensions?.code).toBe("LL403");
    expect((await broker.graphql(SET_LINK, { accountId: id(ISSUER), link: "" })).errors?.[0]?.extensions?.code).toBe(
      "LL403",
    );
    const otherInvestor = await as("investor2@demo.test", "Kim Family Trust");
    expect((await setLogo(otherInvestor, id(INVESTOR), null)).errors?.[0]?.extensions?.code).toBe("LL403");

    // Another user's upload slot cannot become this account's logo.
    const owner = await as("issuer@demo.test", ISSUER);
    const foreign = crypto.randomUUID();
    expect(await uploadTo(otherInvestor, foreign, "kim.png", PNG)).toMatchObject({ status: 201 });
    const stolen = await setLogo(owner, id(ISSUER), foreign, "kim.png");
    expect(stolen.errors?.[0]?.extensions?.code).toBe("LL404");

    const current = await owner.graphql<{ currentAccount: Account }>(CURRENT);
    expect(current.data?.currentAccount.logoUrl).toBe(issuerLogo);
  });

  it("refuses a text file renamed .png, an SVG and a file over 1 MB with their texts", async () => {
    const owner = await as("issuer@demo.test", ISSUER);
    const renamed = await uploadTo(owner, crypto.randomUUID(), "notes.png", new TextEncoder().encode("plain text"));
    expect(renamed).toEqual({ status: 422, message: MESSAGES.logoType });

    const svg = await setLogo(owner, id(ISSUER), crypto.randomUUID(), "logo.svg");
    expect(svg.errors?.[0]?.message).toBe(MESSAGES.logoType);
    const svgBytes = new TextEncoder().encode(
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
    );
    expect(await uploadTo(owner, crypto.randomUUID(), "logo.webp", svgBytes)).toEqual({
      status: 422,
      message: MESSAGES.logoType,
    });

    const large = new Uint8Array(1024 * 1024 + 1);
    large.set(PNG);
    const key = crypto.randomUUID();
    expect(await uploadTo(owner, key, "large.png", large)).toEqual({ status: 413, message: MESSAGES.logoTooLarge });
    // named as the logo afterwards, the failed file never gets an address
    const set = await setLogo(owner, id(ISSUER), key, "large.png");
    expect(set.data?.setAccountLogo.account.logoUrl).toBeNull();
    expect((await setLogo(owner, id(ISSUER), null)).data?.setAccountLogo.account).toMatchObject({
      logoKey: null,
      logoUrl: null,
    });
  });

  it("sets the logo's link to a web address, refuses anything else with its text, clears it when empty", async () => {
    const owner = await as("issuer@demo.test", ISSUER);
    for (const bad of ["northwind.example", "javascript:alert(1)", "https://", "ftp://northwind.example"]) {
      const answer = await owner.graphql(SET_LINK, { accountId: id(ISSUER), link: bad });
      expect([answer.errors?.[0]?.message, answer.errors?.[0]?.extensions?.code]).toEqual([MESSAGES.logoLink, "LL422"]);
    }
    const long = await owner.graphql(SET_LINK, {
      accountId: id(ISSUER),
      link: `https://a.example/${"x".repeat(2000)}`,
    });
    expect(long.errors?.[0]?.message).toBe("Logo link must be at most 2000 characters.");
    expect((await owner.graphql<{ currentAccount: Account }>(CURRENT)).data?.currentAccount.logoLink).toBeNull();

    const set = await owner.graphql<{ setAccountLogoLink: { account: Account } }>(SET_LINK, {
      accountId: id(ISSUER),
      link: " https://northwind.example/about ",
    });
    expect(set.data?.setAccountLogoLink.account.logoLink).toBe("https://northwind.example/about");
    const cleared = await owner.graphql<{ setAccountLogoLink: { account: Account } }>(SET_LINK, {
      accountId: id(ISSUER),
      link: "",
    });
    expect(cleared.data?.setAccountLogoLink.account.logoLink).toBeNull();
    // the columns are not writable through the account's patch
    const patched = await owner.graphql(
      `mutation { updateAccountById(input: { id: "${id(ISSUER)}", patch: { logoUrl: "https://evil.example/x.png" } }) { clientMutationId } }`,
    );
    expect(patched.errors?.length).toBeGreaterThan(0);
  });
});
