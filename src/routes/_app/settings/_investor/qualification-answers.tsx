import { createFileRoute } from "@tanstack/react-router";
import { QualificationAnswersPage } from "../../../../features/qualification-answers/index.ts";

export const Route = createFileRoute("/_app/settings/_investor/qualification-answers")({
  component: QualificationAnswersPage,
});
