// One declaration per command (docs/REPLICATION.md "Commands"): its name (a mutation of schema.graphql), its
// variables' schema (generated from the API into inputs.ts for the declared names, by `npm run schema`), what it does
// on the device while it waits in the outbox, how the sync review says it, and a sample of what its screen sends (the
// catalogue test runs it through the schema). The areas' modules (allocations.ts, tokens.ts, ...) declare their
// commands with `command(...)`; catalogue.ts is their union. Modelled on rocicorp/mono's mutators: one place per
// command, used by the device and the server alike.
//
// What a command does on the device, its `effect`:
// - a read model's row (the pending overlay of useModel, src/data/pending.ts): "convention" for PostGraphile's
//   createX / updateXById / deleteXById of a read model's type, or a function (effects.ts) for a custom mutation;
// - an entry of a pending list (`pendingIn(list, op, read)`, lists.ts): a child row under a parent (a note, a payment,
//   a qualification), a batch (an import's rows, an issuance's distributions), a step's progress, or the queued
//   command a screen shows by its subject. Screens read these through the data layer's hooks (usePending,
//   usePendingChildren, src/data/pending-hooks.ts) by list and op, never by mutation name;
// - null: nothing on the device (the screen waits for the pull, the sync review lists the command).
import type * as v from "valibot";
import type { EffectOf } from "./effects.ts";
import type { VARIABLES } from "./inputs.ts";
import type { ListEffect } from "./lists.ts";

/** The names inputs.ts has schemas for: a declared name before `npm run schema` has run does not compile. */
export type GeneratedName = keyof typeof VARIABLES;

/** The variables of a command as its generated schema types them. */
export type InputOf<N extends GeneratedName> = v.InferInput<(typeof VARIABLES)[N]>;

/** What a command does to the device's data while it waits (above). */
export type Effect = EffectOf | "convention" | ListEffect | null;

export type Input = Record<string, unknown>;

export interface CommandDeclaration<N extends GeneratedName = GeneratedName> {
  name: N;
  effect: Effect;
  /** What the user did, from the command's input ("Add contact Ann Lee"): the sync review's line. */
  describe: (input: Input) => string;
  /** What the screen sends, checked against the schema by catalogue.test.ts. */
  sample: InputOf<N>;
}

/** Declares a command (typed: the sample must fit the schema generated for its name). */
export function command<N extends GeneratedName>(declaration: CommandDeclaration<N>): CommandDeclaration<N> {
  return declaration;
}

/** The samples' ids and time (a sample is what a screen sends, with made-up values). */
export const sampleId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const SAMPLE_WHEN = "2026-01-01T00:00:00.000Z";
