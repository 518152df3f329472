// The investor onboarding step process (spec part 2: qualification process screen, states, validation, errors):
// which step is current, what each status says, the step bar's fill, and the dynamic form rules (per-field regex,
// integer when the regex is numeric, Yes/No for booleans, 'Invalid input' by default). The server checks the same
// rules again (app_private.validate_step_blob); this module only makes the form answer at once and offline.
import { MESSAGES } from "./messages.ts";

type StepStatus =
  | "not_started"
  | "in_progress"
  | "processing"
  | "complete"
  | "failed"
  | "restart"
  | "retry"
  | "retry_limit";

type StepType = "custom" | "link" | "iframe" | "async_iframe" | "button" | "form" | "encrypted_form";

interface StepRenderAttributes {
  progressBarTitle?: string;
  title?: string;
  instructions?: string;
  about?: string;
  name?: string;
  message?: string;
}

export interface StepField {
  key: string;
  displayKey?: string;
  type?: string;
  regex?: string;
  error?: string;
  message?: string;
  options?: Array<string | { label?: string; value: string }>;
  order?: number;
  optional?: boolean;
}

interface StepSchema {
  title?: string;
  fields?: StepField[];
  disclosures?: string[];
  /** The button label. */
  text?: string;
  link?: string;
  /** An accreditation step (docs/ACCREDITATION.md): whether its round accepts a self-certification, whether the
   * server is configured for InvestReady, and who reviews the evidence. */
  selfCertificationAllowed?: boolean;
  investReady?: boolean;
  reviewerName?: string;
}

export interface StepDoc {
  id: string;
  processId: string;
  parentId: string | null;
  order: number;
  status: StepStatus;
  type: StepType | string;
  renderAttributes: StepRenderAttributes;
  schema: StepSchema;
  outputData: { error?: string } & Record<string, unknown>;
  retryCount: number;
  retryLimit: number;
  completedOn: string | null;
}

export interface ProcessDoc {
  id: string;
  distributionId: string;
  status: "not_started" | "in_progress" | "processing" | "complete" | "failed";
  currentStepId: string | null;
  steps: StepDoc[];
}

export const ONBOARDING_TEXTS = {
  processing: MESSAGES.stepProcessing,
  processingDetail: MESSAGES.stepProcessingDetail,
  complete: MESSAGES.stepComplete,
  failed: MESSAGES.stepFailed,
  retryLimit: MESSAGES.stepRetryLimit,
  processComplete: MESSAGES.processComplete,
  noFurtherAction: MESSAGES.noFurtherAction,
  congratulations: MESSAGES.congratulations,
  invalidInput: MESSAGES.invalidInput,
  stepError: MESSAGES.stepError,
  failedPopup: MESSAGES.stepFailedPopup,
  retryLimitPopup: MESSAGES.stepRetryLimitPopup,
  unknownType: MESSAGES.unknownStepType,
  safariIframe: MESSAGES.safariIframe,
} as const;

/** 'This is not the current active step, please select "{title}" to continue the onboarding process' */
export function notCurrentStepMessage(currentTitle: string): string {
  return `This is not the current active step, please select "${currentTitle}" to continue the onboarding process`;
}

/** 'There was an error {reason}' (async iframe). */
export function asyncIframeError(reason: string): string {
  return `There was an error ${reason}`;
}

export const KNOWN_STEP_TYPES: readonly string[] = [
  "custom",
  "link",
  "iframe",
  "async_iframe",
  "button",
  "form",
  "encrypted_form",
  "signing",
  "payment",
  "accreditation",
];

/** A signing step's title: its render attributes carry the mapped template's name, which is the issuer's internal
 * name for its copy of the template (issue 37 finding 4), so the investor reads what the step is for. */
export const SIGNING_STEP_TITLE = "Sign the subscription agreement";

export function stepTitle(step: Pick<StepDoc, "renderAttributes" | "schema" | "order"> & { type?: string }): string {
  const attributes = step.renderAttributes ?? {};
  if (step.type === "signing") return SIGNING_STEP_TITLE;
  return attributes.title || attributes.name || step.schema?.title || `Step ${step.order}`;
}

export function stepBarTitle(step: Pick<StepDoc, "renderAttributes" | "schema" | "order"> & { type?: string }): string {
  return step.renderAttributes?.progressBarTitle || stepTitle(step);
}

const byOrder = (a: StepDoc, b: StepDoc) => a.order - b.order || a.id.localeCompare(b.id);

/** Top-level steps in order. */
export function topSteps(process: Pick<ProcessDoc, "steps">): StepDoc[] {
  return process.steps.filter((step) => !step.parentId).sort(byOrder);
}

export function childSteps(process: Pick<ProcessDoc, "steps">, parentId: string): StepDoc[] {
  return process.steps.filter((step) => step.parentId === parentId).sort(byOrder);
}

interface CurrentStep {
  /** The top-level step that can be acted on (null when the process is done). */
  top: StepDoc | null;
  /** Its nested step that can be acted on, when it has nested steps left. */
  child: StepDoc | null;
}

/**
 * The process as a device walks it with no network: a step whose completion waits in the outbox (or was taken but not
 * yet seen back) counts as done, so that the investor goes on to the next step instead of waiting at this one (the
 * in-person focused screen, and the investor's own device offline); a refused one stays open with its reason
 * (StepAction shows it).
 */
export function withQueuedDone(
  process: ProcessDoc,
  queued: ReadonlyMap<string, { status: "pending" | "accepted" | "rejected" }>,
): ProcessDoc {
  return {
    ...process,
    steps: process.steps.map((step) => {
      const status = queued.get(step.id)?.status;
      return step.status !== "complete" && (status === "pending" || status === "accepted")
        ? { ...step, status: "complete" }
        : step;
    }),
  };
}

/** The first top-level step not complete, and inside it the first nested step not complete (as the server does). */
export function currentStep(process: Pick<ProcessDoc, "steps">): CurrentStep {
  const top = topSteps(process).find((step) => step.status !== "complete") ?? null;
  const child = top ? (childSteps(process, top.id).find((step) => step.status !== "complete") ?? null) : null;
  return { top, child };
}

/** Whether `step` is the one the investor can act on now. */
export function isActionable(process: Pick<ProcessDoc, "steps">, step: StepDoc): boolean {
  const { top, child } = currentStep(process);
  if (step.status === "complete") return false;
  return child ? child.id === step.id : top?.id === step.id;
}

/** The status line under a step (spec part 2 section 4); null for statuses that show the step's action. */
export function stepStatusText(status: string): string | null {
  switch (status) {
    case "processing":
      return ONBOARDING_TEXTS.processingDetail;
    case "complete":
      return ONBOARDING_TEXTS.complete;
    case "failed":
    case "restart":
      return ONBOARDING_TEXTS.failed;
    case "retry_limit":
      return ONBOARDING_TEXTS.retryLimit;
    default:
      return null;
  }
}

/** The popup text of a failed or restarted step: the provider's error, else the spec's default. */
export function failureText(step: Pick<StepDoc, "status" | "outputData">): string | null {
  if (step.status === "retry_limit") return ONBOARDING_TEXTS.retryLimitPopup;
  if (step.status === "failed" || step.status === "restart") {
    const error = step.outputData?.error;
    return typeof error === "string" && error.trim() ? error : ONBOARDING_TEXTS.failedPopup;
  }
  return null;
}

/** The 1-based position that drives the bar: the current step's order among the top-level steps. */
export function progressPosition(process: Pick<ProcessDoc, "steps">): { position: number; total: number } {
  const tops = topSteps(process);
  const { top } = currentStep(process);
  const position = top ? tops.findIndex((step) => step.id === top.id) + 1 : tops.length + 0.5;
  return { position, total: tops.length };
}

/** Bars with more than 7 steps scroll horizontally. */
export const STEP_BAR_SCROLL_ABOVE = 7;

// ---------------------------------------------------------------------------------------------------------------
// Dynamic forms.

type FieldKind = "text" | "integer" | "boolean" | "select";

const NUMERIC_REGEXES = new Set(["^[0-9]+$", "^\\d+$", "^[0-9]*$", "^\\d*$"]);

export function fieldKind(field: StepField): FieldKind {
  if (field.type === "boolean") return "boolean";
  if (field.type === "integer" || (field.regex && NUMERIC_REGEXES.has(field.regex))) return "integer";
  if (field.options && field.options.length > 0) return "select";
  return "text";
}

export function fieldOptions(field: StepField): Array<{ label: string; value: string }> {
  if (fieldKind(field) === "boolean")
    return [
      { label: "Yes", value: "Yes" },
      { label: "No", value: "No" },
    ];
  return (field.options ?? []).map((option) =>
    typeof option === "string"
      ? { label: option, value: option }
      : { label: option.label ?? option.value, value: option.value },
  );
}

export function sortedFields(schema: StepSchema | undefined): StepField[] {
  return [...(schema?.fields ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function fieldLabel(field: StepField): string {
  return field.displayKey || field.key;
}

/** The error of one field's value, or null when it is valid. */
export function fieldError(field: StepField, raw: string | undefined): string | null {
  const message = field.error || ONBOARDING_TEXTS.invalidInput;
  const value = (raw ?? "").trim();
  if (!value) return field.optional ? null : message;
  const kind = fieldKind(field);
  if (kind === "boolean") return value === "Yes" || value === "No" ? null : message;
  if (kind === "integer" && !/^[0-9]{1,18}$/.test(value)) return message;
  if (field.regex) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(field.regex);
    } catch {
      pattern = null;
    }
    if (pattern && !pattern.test(value)) return message;
  }
  if (kind === "select" && !fieldOptions(field).some((option) => option.value === value)) return message;
  return null;
}

export type FormValues = Record<string, string>;

/** Every field's error; an empty object when the form can be submitted. */
export function formErrors(schema: StepSchema | undefined, values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of sortedFields(schema)) {
    const error = fieldError(field, values[field.key]);
    if (error) errors[field.key] = error;
  }
  return errors;
}

/** The blob completeStep sends: trimmed strings (the server turns Yes/No into booleans and integers into numbers). */
export function formBlob(schema: StepSchema | undefined, values: FormValues): Record<string, string> {
  const blob: Record<string, string> = {};
  for (const field of sortedFields(schema)) {
    const value = (values[field.key] ?? "").trim();
    if (value) blob[field.key] = value;
  }
  return blob;
}

/** Safari does not get iframes (spec part 2 section 7): a link is shown instead. */
export function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/(Chrome|Chromium|CriOS|Edg|FxiOS|Android)/.test(userAgent);
}
