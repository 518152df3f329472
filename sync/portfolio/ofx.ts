// The investor's portfolio as an OFX investment statement (issue 35 item 2), for personal-finance tools.
// OFX 1.0.2 SGML (the "Web Connect" form brokerages serve): the version Quicken, GnuCash (libofx), Moneydance and
// KMyMoney all import; leaf elements carry no end tag, aggregates do. The statement (INVSTMTRS) lists every ledger
// entry of the investor as a transaction (INVTRANLIST: a purchase where the issuance has a price, else a transfer in
// or out), the units held now per security (INVPOSLIST), and the securities (SECLIST) identified by their id, which
// never changes, so a tool matches them across downloads. Amounts are exact decimals (src/domain/decimal.ts).
import { type Decimal, dec, toString as decimalText, isPositive, mul, toFixed } from "../../src/domain/decimal.ts";
import {
  type Portfolio,
  type PortfolioEntry,
  type PortfolioSecurity,
  positionsAsOf,
  type SecurityKind,
} from "./data.ts";

export const OFX_CONTENT_TYPE = "application/x-ofx";

/** The UNIQUEIDTYPE of every security: Ledgerline's own id (OFX's A-10). */
export const OFX_ID_TYPE = "LEDGERLINE";
const BROKER_ID = "ledgerline";

const HEADER = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "SECURITY:NONE",
  "ENCODING:USASCII",
  "CHARSET:1252",
  "COMPRESSION:NONE",
  "OLDFILEUID:NONE",
  "NEWFILEUID:NONE",
  "",
  "",
].join("\r\n");

/** A security's UNIQUEID: its uuid without dashes (32 characters, OFX's limit). */
export const ofxSecurityId = (id: string) => id.replaceAll("-", "").toUpperCase();
/** The account's ACCTID: the first 22 characters of its uuid without dashes (OFX's limit). */
export const ofxAccountId = (id: string) => ofxSecurityId(id).slice(0, 22);

/** Text of a leaf element: no markup characters, no line breaks, at most `max` characters. */
function text(value: string, max: number): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .trim()
    .slice(0, max)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A moment in OFX's form, in GMT: 20261129070512.000[0:GMT]. */
export function ofxDateTime(moment: Date): string {
  return (
    `${moment.getUTCFullYear()}${pad(moment.getUTCMonth() + 1)}${pad(moment.getUTCDate())}` +
    `${pad(moment.getUTCHours())}${pad(moment.getUTCMinutes())}${pad(moment.getUTCSeconds())}` +
    `.${pad(moment.getUTCMilliseconds(), 3)}[0:GMT]`
  );
}

/** A day (YYYY-MM-DD) in OFX's date-only form: importers read it as that day wherever they are. */
export const ofxDay = (day: string) => day.replaceAll("-", "");

type Node = [tag: string, value: string | Node[]];

function render(nodes: Node[], lines: string[]): void {
  for (const [tag, value] of nodes) {
    if (typeof value === "string") lines.push(`<${tag}>${value}`);
    else {
      lines.push(`<${tag}>`);
      render(value, lines);
      lines.push(`</${tag}>`);
    }
  }
}

const status = (): Node => [
  "STATUS",
  [
    ["CODE", "0"],
    ["SEVERITY", "INFO"],
  ],
];

const secId = (security: PortfolioSecurity): Node => [
  "SECID",
  [
    ["UNIQUEID", ofxSecurityId(security.id)],
    ["UNIQUEIDTYPE", OFX_ID_TYPE],
  ],
];

const money = (value: Decimal) => toFixed(value, 2);

/** The price used for a position's value: the issuer's value per unit, else the last price paid, else 0. */
function positionPrice(portfolio: Portfolio, security: PortfolioSecurity): string {
  if (security.unitValue !== null) return decimalText(dec(security.unitValue));
  const paid = portfolio.entries.filter((e) => e.securityId === security.id && e.price !== null).at(-1);
  return paid?.price ? decimalText(dec(paid.price)) : "0";
}

const POSITION_TAG: Record<SecurityKind, string> = {
  equity: "POSSTOCK",
  debt: "POSDEBT",
  fund: "POSMF",
  other: "POSOTHER",
};
const BUY_TAG: Record<SecurityKind, string> = { equity: "BUYSTOCK", debt: "BUYDEBT", fund: "BUYMF", other: "BUYOTHER" };
const INFO_TAG: Record<SecurityKind, string> = {
  equity: "STOCKINFO",
  debt: "DEBTINFO",
  fund: "MFINFO",
  other: "OTHERINFO",
};

function memo(entry: PortfolioEntry, security: PortfolioSecurity): string {
  return [entry.round, security.issuer].filter(Boolean).join(", ") || security.name;
}

function transaction(entry: PortfolioEntry, security: PortfolioSecurity): Node {
  const units = dec(entry.units);
  const invtran: Node = [
    "INVTRAN",
    [
      ["FITID", text(entry.id, 255)],
      ["DTTRADE", ofxDay(entry.tradedOn)],
      ["MEMO", text(memo(entry, security), 255)],
    ],
  ];
  if (entry.price !== null && isPositive(units)) {
    const price = dec(entry.price);
    const buy: Node = [
      "INVBUY",
      [
        invtran,
        secId(security),
        ["UNITS", decimalText(units)],
        ["UNITPRICE", decimalText(price)],
        // a purchase takes cash out of the account: a negative total
        ["TOTAL", money(mul(mul(units, price), dec("-1")))],
        ["SUBACCTSEC", "CASH"],
        ["SUBACCTFUND", "CASH"],
      ],
    ];
    const kind = security.kind;
    const body: Node[] = kind === "equity" || kind === "fund" ? [buy, ["BUYTYPE", "BUY"]] : [buy];
    return [BUY_TAG[kind], body];
  }
  return [
    "TRANSFER",
    [
      invtran,
      secId(security),
      ["SUBACCTSEC", "CASH"],
      ["UNITS", decimalText(units)],
      ["TFERACTION", isPositive(units) ? "IN" : "OUT"],
      ["POSTYPE", "LONG"],
    ],
  ];
}

function securityInfo(portfolio: Portfolio, security: PortfolioSecurity, asOf: string): Node {
  const info: Node = [
    "SECINFO",
    [
      secId(security),
      ["SECNAME", text(security.name, 120)],
      ...(security.ticker ? [["TICKER", text(security.ticker, 32)] as Node] : []),
      ["UNITPRICE", positionPrice(portfolio, security)],
      ["DTASOF", asOf],
    ],
  ];
  if (security.kind === "debt")
    return ["DEBTINFO", [info, ["PARVALUE", positionPrice(portfolio, security)], ["DEBTTYPE", "COUPON"]]];
  return [INFO_TAG[security.kind], [info]];
}

/** The investor's OFX file (its text; send it with ofxBytes). `now` is the statement's moment (DTSERVER, DTASOF). */
export function portfolioOfx(portfolio: Portfolio, now: Date): string {
  const asOf = ofxDateTime(now);
  const today = now.toISOString().slice(0, 10);
  const transactions = portfolio.entries.flatMap((entry) => {
    const security = portfolio.securities.get(entry.securityId);
    return security ? [transaction(entry, security)] : [];
  });
  const positions = positionsAsOf(portfolio, null).map(({ security, units }): Node => {
    const price = positionPrice(portfolio, security);
    return [
      POSITION_TAG[security.kind],
      [
        [
          "INVPOS",
          [
            secId(security),
            ["HELDINACCT", "CASH"],
            ["POSTYPE", "LONG"],
            ["UNITS", decimalText(units)],
            ["UNITPRICE", price],
            ["MKTVAL", money(mul(units, dec(price)))],
            ["DTPRICEASOF", ofxDay(today)],
          ],
        ],
      ],
    ];
  });
  const securities = [...portfolio.securities.values()].sort((a, b) => a.id.localeCompare(b.id));
  const firstDay = portfolio.entries[0]?.tradedOn ?? today;
  const statement: Node[] = [
    ["DTASOF", asOf],
    ["CURDEF", "USD"],
    [
      "INVACCTFROM",
      [
        ["BROKERID", BROKER_ID],
        ["ACCTID", ofxAccountId(portfolio.accountId)],
      ],
    ],
    ["INVTRANLIST", [["DTSTART", ofxDay(firstDay)], ["DTEND", asOf], ...transactions]],
    ...(positions.length ? [["INVPOSLIST", positions] as Node] : []),
  ];
  const ofx: Node[] = [
    [
      "SIGNONMSGSRSV1",
      [
        [
          "SONRS",
          [
            status(),
            ["DTSERVER", asOf],
            ["LANGUAGE", "ENG"],
            [
              "FI",
              [
                ["ORG", "Ledgerline"],
                ["FID", BROKER_ID],
              ],
            ],
          ],
        ],
      ],
    ],
    [
      "INVSTMTMSGSRSV1",
      [["INVSTMTTRNRS", [["TRNUID", ofxDateTime(now).slice(0, 14)], status(), ["INVSTMTRS", statement]]]],
    ],
    ...(securities.length
      ? [
          [
            "SECLISTMSGSRSV1",
            [["SECLIST", securities.map((security) => securityInfo(portfolio, security, asOf))]],
          ] as Node,
        ]
      : []),
  ];
  const lines: string[] = [];
  render([["OFX", ofx]], lines);
  return `${HEADER}${lines.join("\r\n")}\r\n`;
}

// Windows-1252 beyond Latin-1's printable range: the characters names most often hold (quotes, dashes, euro).
const CP1252_EXTRA = new Map<number, number>([
  [0x20ac, 0x80],
  [0x2026, 0x85],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2013, 0x96],
  [0x2014, 0x97],
]);

/** The file's bytes in the header's CHARSET 1252; a character it cannot hold becomes "?". */
export function ofxBytes(ofx: string): Buffer {
  const bytes: number[] = [];
  for (const char of ofx) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(CP1252_EXTRA.get(code) ?? 0x3f);
  }
  return Buffer.from(bytes);
}
