// InvestReady's answer read again for a verification it has not decided yet (docs/ACCREDITATION.md "InvestReady"):
// POST /api/v2/integration/investready-status {stepId} -> {status}. The decision itself reaches the step through the
// server and the replica; this only asks the server to look now. Needs the network.
export async function checkInvestReady(stepId: string): Promise<string> {
  const response = await fetch("/api/v2/integration/investready-status", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stepId }),
  });
  if (!response.ok) throw new Error(`investready-status answered ${response.status}`);
  const body = (await response.json()) as { status?: unknown };
  return typeof body.status === "string" ? body.status : "submitted";
}
