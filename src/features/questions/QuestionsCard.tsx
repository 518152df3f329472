// The account's questions: name, type (with the regex its answers must match), description and error message; New
// question and Edit open the question form. A question in a locked set cannot be edited (the server refuses with
// 'Questions that are part of a question set cannot be edited.'; the screen says so instead of offering Edit).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { QUESTION_TEXTS, questionType } from "../../domain/questions.ts";
import { Button, Card, CardTable, StatusBadge, SyncMark, Tooltip } from "../../ui/index.ts";
import { QuestionForm } from "./QuestionForm.tsx";
import { QUESTIONS_TEXT as T } from "./strings.ts";
import type { QuestionRow } from "./use-question-sets.ts";

export function QuestionsCard({ questions, canWrite }: { questions: QuestionRow[]; canWrite: boolean }) {
  const [editing, setEditing] = useState<QuestionRow | "new" | null>(null);
  return (
    <Card
      title={T.questions}
      testId="questions"
      actions={canWrite && <Button onClick={() => setEditing("new")}>{T.newQuestion}</Button>}
    >
      <CardTable
        rows={questions}
        empty={T.noQuestions}
        scrollClass={css({ overflowX: "auto" })}
        headers={[
          T.name,
          { title: T.type, className: css({ display: { base: "none", sm: "table-cell" } }) },
          { title: T.errorMessage, className: css({ display: { base: "none", md: "table-cell" } }) },
          { title: T.edit, hidden: true },
        ]}
      >
        {(question) => {
          const type = questionType(question.typeId);
          return (
            <tr key={question.id}>
              <td>
                <div className={css({ fontWeight: "600", overflowWrap: "break-word" })}>
                  {question.name}
                  <SyncMark mark={question._pending} />
                </div>
                <div className={css({ fontSize: "xs", color: "fg.muted" })}>{question.description}</div>
                <div className={css({ fontSize: "xs", color: "fg.muted", display: { base: "block", sm: "none" } })}>
                  {T.type}: {type?.name ?? question.typeName}
                </div>
                {(question.options ?? []).length > 0 && (
                  <div className={css({ fontSize: "xs", color: "fg.muted" })}>
                    {(question.options ?? []).join(" · ")}
                  </div>
                )}
              </td>
              <td className={css({ whiteSpace: "nowrap", display: { base: "none", sm: "table-cell" } })}>
                {type?.regex ? (
                  <Tooltip content={`${T.regex} ${type.regex}`}>
                    <span>{type.name}</span>
                  </Tooltip>
                ) : (
                  (type?.name ?? question.typeName)
                )}
              </td>
              <td className={css({ display: { base: "none", md: "table-cell" }, fontSize: "sm" })}>
                {question.errorMessage}
              </td>
              <td className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                {question.locked ? (
                  <span title={QUESTION_TEXTS.questionLocked}>
                    <StatusBadge label={T.inUse} />
                  </span>
                ) : (
                  canWrite && (
                    <Button size="sm" variant="ghost" onClick={() => setEditing(question)}>
                      {T.edit}
                    </Button>
                  )
                )}
              </td>
            </tr>
          );
        }}
      </CardTable>
      {editing && (
        <QuestionForm
          question={editing === "new" ? null : editing}
          questions={questions}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
