// A question-set step of onboarding (an encrypted_form step whose schema names its question set; the server filled
// its fields from the set's questions): the questions in execute order with their descriptions, filled with the
// investor's most recent answers to the same questions (the qualification_answers replica), checked against each
// question's regex with its error message before queueing completeStep (the server checks again: LL422). The answers
// are kept encrypted on the server as the investor's qualification answers.
import { type FormEvent, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useHostedSession } from "../../app/hosted-session.ts";
import { useModel } from "../../data/hooks.tsx";
import {
  formBlob,
  formErrors,
  ONBOARDING_TEXTS,
  type StepDoc,
  sortedFields,
  stepTitle,
} from "../../domain/onboarding.ts";
import { prefilledValues, QUESTION_TEXTS, type QualificationAnswer } from "../../domain/questions.ts";
import { Button, toast } from "../../ui/index.ts";
import { StepFields, useStepValues } from "./StepFields.tsx";
import { type StepCommand, useCompleteStep } from "./use-step-commands.ts";

interface Props {
  step: StepDoc;
  hasChildren: boolean;
  command: StepCommand | undefined;
}

export function QuestionSetStepAction(props: Props) {
  const answers = useModel("qualification_answers");
  // in person the device is the host's: its answers are the host's own, never offered to the investor
  const hosted = useHostedSession();
  if (answers.loading) return null;
  // Mounted once the answers are on the device, so the first values are the last answers.
  return <QuestionSetForm {...props} answers={hosted ? [] : (answers.rows as unknown as QualificationAnswer[])} />;
}

function QuestionSetForm({ step, hasChildren, command, answers }: Props & { answers: QualificationAnswer[] }) {
  const complete = useCompleteStep();
  const fields = useMemo(() => sortedFields(step.schema), [step.schema]);
  const { values, errors, setErrors, set } = useStepValues(() => ({
    ...prefilledValues(fields, answers),
    ...Object.fromEntries(Object.entries(command?.blob ?? {}).map(([key, value]) => [key, String(value ?? "")])),
  }));
  const [busy, setBusy] = useState(false);
  const prefilled = fields.some((field) => answers.some((a) => a.questionId === field.key));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = formErrors(step.schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await complete(step, hasChildren, formBlob(step.schema, values), command);
    } catch {
      toast.step("error", ONBOARDING_TEXTS.stepError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={stepTitle(step)}
      data-testid="question-set-step"
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
    >
      {prefilled && (
        <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="answers-prefilled">
          {QUESTION_TEXTS.answersAutofilled}
        </p>
      )}
      <StepFields fields={fields} values={values} errors={errors} set={set} selectHints />
      <div>
        <Button type="submit" loading={busy}>
          {step.schema?.text || "Submit answers"}
        </Button>
      </div>
    </form>
  );
}
