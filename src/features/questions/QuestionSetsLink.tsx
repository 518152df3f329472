// The spec's link 'onboarding-questions' on an issuer's or broker's account settings: to Question Set Management.
import { Link } from "@tanstack/react-router";
import { css } from "../../../styled-system/css";
import { Card, linkClass } from "../../ui/index.ts";
import { QUESTIONS_TEXT as T } from "./strings.ts";

export function QuestionSetsLink() {
  return (
    <Card title={T.title} testId="question-sets-link">
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.linkHint}</p>
      <div>
        <Link to="/onboarding-questions" className={linkClass}>
          {T.manage}
        </Link>
      </div>
    </Card>
  );
}
