// The question form (spec part 2: 'Field name is required', 'Field type is required', 'Description is required',
// 'error message is required'; a unique name: 'Questions must have a unique name.'): name, type (each type names the
// regex its answers must match), description, error message and, for a Choice, its options. Saving queues
// createOnboardingQuestion or updateOnboardingQuestionById.
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import {
  EMPTY_QUESTION,
  optionList,
  QUESTION_TYPES,
  type QuestionDraft,
  questionErrors,
  questionType,
} from "../../domain/questions.ts";
import { Button, MountedDialog, Select, TextField } from "../../ui/index.ts";
import { QUESTIONS_TEXT as T } from "./strings.ts";
import type { QuestionRow } from "./use-question-sets.ts";

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ label: type.name, value: type.id }));

export function QuestionForm({
  question,
  questions,
  onClose,
}: {
  question: QuestionRow | null;
  questions: QuestionRow[];
  onClose: () => void;
}) {
  const send = useCommand();
  const [draft, setDraft] = useState<QuestionDraft>(
    question
      ? {
          name: question.name,
          typeId: question.typeId,
          description: question.description,
          errorMessage: question.errorMessage,
          options: (question.options ?? []).join("\n"),
        }
      : EMPTY_QUESTION,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof QuestionDraft, string>>>({});
  const type = questionType(draft.typeId);

  const set = (key: keyof QuestionDraft, value: string) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = questionErrors(draft, questions, question?.id);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const fields = {
      name: draft.name.trim(),
      typeId: draft.typeId,
      description: draft.description.trim(),
      errorMessage: draft.errorMessage.trim(),
      options: type?.fieldType === "select" ? optionList(draft.options) : [],
    };
    if (question) {
      await send("updateOnboardingQuestionById", { input: { id: question.id, patch: fields } });
    } else {
      await send("createOnboardingQuestion", { input: { onboardingQuestion: { id: crypto.randomUUID(), ...fields } } });
    }
    onClose();
  }

  return (
    <MountedDialog
      onClose={onClose}
      title={question ? T.editQuestion : T.newQuestion}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form="question-form">
            {T.save}
          </Button>
        </>
      }
    >
      <form
        id="question-form"
        onSubmit={save}
        noValidate
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      >
        <TextField
          label={T.name}
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          error={errors.name}
        />
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <Select
            label={T.type}
            name="type"
            options={TYPE_OPTIONS}
            value={draft.typeId || null}
            onChange={(value) => set("typeId", value ?? "")}
          />
          {errors.typeId ? (
            <p role="alert" className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })}>
              {errors.typeId}
            </p>
          ) : (
            type?.regex && (
              <p className={css({ fontSize: "xs", color: "fg.muted", fontFamily: "mono", overflowWrap: "anywhere" })}>
                {T.regex} {type.regex}
              </p>
            )
          )}
        </div>
        <TextField
          label={T.description}
          value={draft.description}
          onChange={(e) => set("description", e.target.value)}
          error={errors.description}
        />
        <TextField
          label={T.errorMessage}
          value={draft.errorMessage}
          onChange={(e) => set("errorMessage", e.target.value)}
          error={errors.errorMessage}
        />
        {type?.fieldType === "select" && (
          <label
            className={css({ fontSize: "sm", fontWeight: "600", display: "flex", flexDirection: "column", gap: "1.5" })}
          >
            {T.options}
            <textarea
              name="options"
              value={draft.options}
              onChange={(e) => set("options", e.target.value)}
              className={css({
                minH: "24",
                p: "3",
                fontSize: "sm",
                fontWeight: "400",
                borderWidth: "1px",
                borderColor: errors.options ? "danger" : "border.strong",
                borderRadius: "control",
                bg: "bg.surface",
              })}
            />
            {errors.options && (
              <span role="alert" className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })}>
                {errors.options}
              </span>
            )}
          </label>
        )}
      </form>
    </MountedDialog>
  );
}
