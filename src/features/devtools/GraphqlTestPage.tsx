// /test/graphql: a developer page that runs one GraphQL operation with the signed-in session and shows the answer.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { GraphqlError, graphql } from "../../data/graphql.ts";
import { GET_USERS_DATA } from "../../data/session.ts";
import { Button, Page, PageHeader } from "../../ui/index.ts";

const textArea = css({ fontFamily: "mono", fontSize: "sm", minH: "12rem", py: "2", resize: "vertical" });
const output = css({
  fontFamily: "mono",
  fontSize: "xs",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  p: "4",
  overflow: "auto",
  maxH: "32rem",
  whiteSpace: "pre-wrap",
});

export function GraphqlTestPage() {
  const [query, setQuery] = useState(GET_USERS_DATA.trim());
  const [variables, setVariables] = useState("{}");
  const [result, setResult] = useState("");
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const parsed = JSON.parse(variables || "{}") as Record<string, unknown>;
      setResult(JSON.stringify({ data: await graphql(query, parsed) }, null, 2));
    } catch (error) {
      setResult(error instanceof GraphqlError ? JSON.stringify({ errors: error.errors }, null, 2) : String(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Page>
      <PageHeader title="GraphQL Test" />
      <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "6" })}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
          <label className={css({ fontWeight: "600", fontSize: "sm" })}>
            Query
            <textarea className={`${input()} ${textArea}`} value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <label className={css({ fontWeight: "600", fontSize: "sm" })}>
            Variables (JSON)
            <textarea
              className={`${input()} ${textArea} ${css({ minH: "5rem" })}`}
              value={variables}
              onChange={(e) => setVariables(e.target.value)}
            />
          </label>
          <Button loading={running} onClick={() => void run()} className={css({ alignSelf: "flex-start" })}>
            Run
          </Button>
        </div>
        <pre data-testid="graphql-result" className={output}>
          {result}
        </pre>
      </div>
    </Page>
  );
}
