// The signing page's rules, pure (unit-tested in signing-rules.test.ts): the spec's validation texts for a role's
// and a field's mapping (section 5), the template warnings (section 8), the mapping field pick list (section 9) and
// what the viewer may do with a mapped template (section 4: editable only while unlocked, Active toggle when locked,
// delete only when unlocked). The server checks the same rules again.
import { EXCLUDED_MAPPING_FIELDS, SIGNING_VALIDATION as V, SIGNING_WARNINGS as W } from "./strings.ts";

/** The unmapped state of a role (and of a field with no mapping). */
export const NOT_MAPPED = "not mapped";
/** Mapping values that take their value from the mapping itself (toName/toEmail for a role, value for a field). */
export const STATIC_MAPPINGS: readonly string[] = ["static", "custom"];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RoleMapping {
  mapTo: string | null | undefined;
  toName?: string | null;
  toEmail?: string | null;
}

export interface FieldMapping {
  mapTo: string | null | undefined;
  value?: string | null;
}

export type RoleErrors = Partial<Record<"mapTo" | "toName" | "toEmail", string>>;
export type FieldErrors = Partial<Record<"mapTo" | "value", string>>;

const blank = (value: string | null | undefined) => !value || value.trim() === "";

/** A role's mapping: mapped to something; static mappings need a name and an e-mail; an e-mail must be valid. */
export function roleErrors(role: RoleMapping): RoleErrors {
  const errors: RoleErrors = {};
  if (blank(role.mapTo) || role.mapTo === NOT_MAPPED) errors.mapTo = V.mappingRequired;
  const isStatic = STATIC_MAPPINGS.includes(role.mapTo ?? "");
  if (isStatic && blank(role.toName)) errors.toName = V.staticName;
  if (isStatic && blank(role.toEmail)) errors.toEmail = V.staticEmail;
  else if (!blank(role.toEmail) && !EMAIL.test((role.toEmail ?? "").trim())) errors.toEmail = V.validEmail;
  return errors;
}

/**
 * A field's mapping: a mapping is chosen (a field left 'not mapped' stays empty in the document); static and custom
 * mappings need a value.
 */
export function fieldErrors(field: FieldMapping): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(field.mapTo) || EXCLUDED_MAPPING_FIELDS.includes(field.mapTo ?? "")) errors.mapTo = V.fieldMapTo;
  else if (STATIC_MAPPINGS.includes(field.mapTo ?? "") && blank(field.value))
    errors.value = V.fieldValue(field.mapTo ?? "");
  return errors;
}

/** The mapping fields offered in a field's pick list: without error, not supported and template provided. */
export function pickableMappingFields<T extends { id: string }>(fields: readonly T[]): T[] {
  return fields.filter((field) => !EXCLUDED_MAPPING_FIELDS.includes(field.id));
}

export interface TemplateState {
  deleted?: boolean | null;
  updatedOn?: string | null;
}

export interface MappedTemplateState {
  locked: boolean;
  active: boolean;
  deleted?: boolean | null;
  /** When the mapped template copied its template. */
  templateCopyOn?: string | null;
  /** The template's updatedOn at the time of the copy. */
  templateUpdatedOn?: string | null;
}

const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : Number.NaN);

/** Whether the template changed after the mapped template copied it. */
export function templateChanged(template: TemplateState, mapped: MappedTemplateState): boolean {
  const now = time(template.updatedOn);
  const copied = time(mapped.templateUpdatedOn ?? mapped.templateCopyOn);
  return Number.isFinite(now) && Number.isFinite(copied) && now > copied;
}

/**
 * The warnings shown for a template and, when one is open, its mapped template (spec section 8), in this order:
 * the mapped template deleted (or its template), the template changed after the copy, the template deleted, the
 * mapped template locked but not active (its usage is disabled until it is activated).
 */
export function templateWarnings(template: TemplateState, mapped?: MappedTemplateState | null): string[] {
  const warnings: string[] = [];
  if (mapped && (mapped.deleted || template.deleted)) warnings.push(W.mappedDeleted);
  if (mapped && !mapped.deleted && templateChanged(template, mapped)) warnings.push(W.changed);
  if (template.deleted) warnings.push(W.templateDeleted);
  if (mapped && !mapped.deleted && mapped.locked && !mapped.active) warnings.push(W.edited);
  return warnings;
}

/**
 * What the viewer may do with a mapped template. Locking is final (the server refuses to unlock): a locked template
 * only changes its Active toggle, and a locked and active one can be added to the qualifications.
 */
export function mappedTemplateActions(mapped: MappedTemplateState, canWrite: boolean) {
  const live = !mapped.deleted;
  return {
    /** roles, fields, name, signing type and question sets */
    edit: canWrite && live && !mapped.locked,
    lock: canWrite && live && !mapped.locked,
    /** the Active toggle is shown only when locked */
    showActive: live && mapped.locked,
    toggleActive: canWrite && live && mapped.locked,
    delete: canWrite && live && !mapped.locked,
    addToQualifications: canWrite && live && mapped.locked && mapped.active,
  };
}

/** Whether a mapped template can be locked: every role and field mapping passes its checks. */
export function readyToLock(roles: readonly RoleMapping[], fields: readonly FieldMapping[]): boolean {
  return (
    roles.every((role) => Object.keys(roleErrors(role)).length === 0) &&
    fields.every((field) => Object.keys(fieldErrors(field)).length === 0)
  );
}

interface MockSource {
  id: string;
  testValue: string | null;
}

/**
 * The test page's value of a field: the mapping's own value for static and custom mappings, else the mapping
 * field's mock value (testValue); null while the field is not mapped or the mapping field has no mock value.
 */
export function mockValue(field: FieldMapping, mappingFields: readonly MockSource[]): string | null {
  if (!field.mapTo || field.mapTo === NOT_MAPPED) return null;
  if (STATIC_MAPPINGS.includes(field.mapTo)) return field.value?.trim() ? field.value : null;
  return mappingFields.find((f) => f.id === field.mapTo)?.testValue ?? null;
}

/** The test page's recipient of a role: a static role's name and e-mail, else the mapped party's mock values. */
export function mockRecipient(role: RoleMapping, mappingFields: readonly MockSource[]): string {
  if (!role.mapTo || role.mapTo === NOT_MAPPED) return NOT_MAPPED;
  if (STATIC_MAPPINGS.includes(role.mapTo)) return [role.toName, role.toEmail].filter(Boolean).join(" · ");
  const of = (key: string) => mappingFields.find((f) => f.id === `${role.mapTo}.${key}`)?.testValue;
  const mock = [of("name"), of("email")].filter(Boolean).join(" · ");
  return mock || role.mapTo;
}
