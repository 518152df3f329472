import { createFileRoute } from "@tanstack/react-router";
import { QuestionSetsPage } from "../../../features/questions/index.ts";

export const Route = createFileRoute("/_app/_vendor/onboarding-questions")({
  component: QuestionSetsPage,
});
