// /settings/qualification-answers (spec part 2 "Settings"): the investor's most recent answers to qualification
// question sets, one card per vendor (issuer or broker) with a Question / Answer table and the date answered
// (MM/dd/yyyy), read from the `qualification_answers` replica (the server decrypts them for this investor only).
// They fill the same questions in later qualification rounds (features/questions/QuestionSetStepAction.tsx).
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import { formatDate } from "../../domain/format.ts";
import { answerCards, QUESTION_TEXTS, type QualificationAnswer } from "../../domain/questions.ts";
import { Card, CardGrid, CardTable, EmptyState, LoadingIndicator } from "../../ui/index.ts";
import { QUALIFICATION_ANSWERS_TEXT as T } from "./strings.ts";

export function QualificationAnswersPage() {
  const { rows, loading } = useModel("qualification_answers");
  const cards = useMemo(() => answerCards(rows as unknown as QualificationAnswer[]), [rows]);
  if (loading) return <LoadingIndicator />;
  if (cards.length === 0) return <EmptyState text={QUESTION_TEXTS.noAnswers} />;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="qualification-answers">
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>{QUESTION_TEXTS.answersAutofilled}</p>
      <CardGrid columns={2}>
        {cards.map((card) => (
          <Card key={card.vendorId} title={card.vendorName}>
            <CardTable
              rows={card.rows}
              scrollClass={css({ overflowX: "auto" })}
              tableLabel={T.answers(card.vendorName)}
              headers={[T.question, T.answer, { title: T.date, num: true }]}
            >
              {(row) => (
                <tr key={row.id}>
                  <td className={css({ fontWeight: "600", overflowWrap: "anywhere" })}>{row.question}</td>
                  <td className={css({ overflowWrap: "anywhere" })}>{row.answer}</td>
                  <td className="num">{formatDate(row.answeredOn, "MM/dd/yyyy")}</td>
                </tr>
              )}
            </CardTable>
          </Card>
        ))}
      </CardGrid>
    </div>
  );
}
