// The valibot schemas of the GraphQL scalars a command's variables hold, as faithful as the API is: the text
// scalars PostGraphile parses (BigFloat, BigInt, Datetime, Date) take text or a number (it turns a number into
// text, the database checks the value); UUID is text (its format is the API's and the database's to check). Their
// job is shape and type, never a business rule: a bad value is the database's to refuse, with the user's text.
import * as v from "valibot";

const text = v.string("must be text");
const numberOrText = v.union([v.string(), v.number()], "must be a number or text");

export const SCALARS = {
  String: text,
  ID: text,
  UUID: text,
  Cursor: text,
  Boolean: v.boolean("must be true or false"),
  Int: v.pipe(v.number("must be a whole number"), v.integer("must be a whole number")),
  Float: v.number("must be a number"),
  BigFloat: numberOrText,
  BigInt: numberOrText,
  Datetime: numberOrText,
  Date: numberOrText,
  JSON: v.unknown(),
} as const;
