// /assets (spec part 1 section 2.7). Issuers: their editable asset table. Brokers: every issuer with its assets and
// rounds, read-only and with no security link. Reads the local replicas only, so it works offline; writes queue.
import { type ReactNode, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import type { AssetDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { useModelSynced } from "../../data/use-model-synced.ts";
import { sortAssets } from "../../domain/assets.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Breadcrumb, Button, dataTableCard, EmptyState, LoadingIndicator, Page, PageHeader } from "../../ui/index.ts";
import { AssetDialog } from "./AssetDialog.tsx";
import { AssetTable, isDebt } from "./AssetTable.tsx";
import { useAssetTypes } from "./asset-types.ts";
import { RoundDialog } from "./RoundDialog.tsx";
import { ASSETS_TEXT } from "./strings.ts";

type Editing =
  | { kind: "asset"; asset: AssetDoc | null }
  | { kind: "round"; asset: AssetDoc; round: RoundDoc | null }
  | null;

function useAssetData() {
  const assets = useModel("assets");
  const rounds = useModel("rounds");
  const securities = useModel("securities");
  const roundsByAsset = useMemo(() => {
    const map = new Map<string, WithPending<RoundDoc>[]>();
    for (const round of rounds.rows) {
      if (round._pending?.deleted) continue;
      map.set(round.assetId, [...(map.get(round.assetId) ?? []), round]);
    }
    return map;
  }, [rounds.rows]);
  const securitiesById = useMemo(
    () => new Map<string, WithPending<SecurityDoc>>(securities.rows.map((security) => [security.id, security])),
    [securities.rows],
  );
  // the listings come with the securities: known once the local query answered and their first pull completed
  const securitiesSynced = useModelSynced("securities");
  const listingsLoaded = !securities.loading && securitiesSynced;
  return { assets, roundsByAsset, securitiesById, listingsLoaded, loading: assets.loading || rounds.loading };
}

export function AssetsPage() {
  const viewer = useViewer();
  return (
    <Page>
      <Breadcrumb items={[{ display: ASSETS_TEXT.assets, active: true }]} />
      {viewer.accountType === "issuer" ? <IssuerAssets /> : <AllIssuersAssets />}
    </Page>
  );
}

function IssuerAssets() {
  const viewer = useViewer();
  const { assets, roundsByAsset, securitiesById, listingsLoaded, loading } = useAssetData();
  const own = useMemo(
    () => sortAssets(assets.rows.filter((asset) => !asset.issuerId || asset.issuerId === viewer.accountId)),
    [assets.rows, viewer.accountId],
  );
  const assetTypes = useAssetTypes(own);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <AssetsList
        intro={ASSETS_TEXT.issuerIntro}
        actions={
          viewer.canWrite && (
            <Button onClick={() => setEditing({ kind: "asset", asset: null })}>{ASSETS_TEXT.createAsset}</Button>
          )
        }
        loading={loading}
        none={own.length === 0}
      >
        <div className={dataTableCard}>
          <AssetTable
            assets={own}
            roundsByAsset={roundsByAsset}
            securities={securitiesById}
            issuerView
            listingsLoaded={listingsLoaded}
            canWrite={viewer.canWrite}
            onEditAsset={(asset) => setEditing({ kind: "asset", asset })}
            onAddRound={(asset) => setEditing({ kind: "round", asset, round: null })}
            onEditRound={(asset, round) => setEditing({ kind: "round", asset, round })}
          />
        </div>
      </AssetsList>
      {editing?.kind === "asset" && (
        <AssetDialog asset={editing.asset} assetTypes={assetTypes} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === "round" && (
        <RoundDialog
          assetId={editing.asset.id}
          debt={
            isDebt(editing.asset) || assetTypes.find((t) => t.type === editing.asset.type)?.accountingType === "debt"
          }
          round={editing.round}
          security={editing.round?.securityId ? (securitiesById.get(editing.round.securityId) ?? null) : null}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function AllIssuersAssets() {
  const { assets, roundsByAsset, securitiesById, loading } = useAssetData();
  const issuers = useModel("accounts", { selector: { type: "issuer" } });
  const groups = useMemo(() => {
    const byIssuer = new Map<string, WithPending<AssetDoc>[]>();
    for (const asset of assets.rows) byIssuer.set(asset.issuerId, [...(byIssuer.get(asset.issuerId) ?? []), asset]);
    const names = new Map(issuers.rows.map((issuer) => [issuer.id, issuer.name]));
    return [...byIssuer.entries()]
      .map(([issuerId, rows]) => ({
        issuerId,
        name: names.get(issuerId) ?? ASSETS_TEXT.issuer,
        assets: sortAssets(rows),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [assets.rows, issuers.rows]);
  return (
    <AssetsList intro={ASSETS_TEXT.allIssuersIntro} loading={loading} none={groups.length === 0}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
        {groups.map((group) => (
          <section key={group.issuerId} aria-label={group.name} data-testid="issuer-group">
            <h2 className={css({ fontSize: "md", fontWeight: "700", mb: "2", color: "fg.default" })}>{group.name}</h2>
            <div className={dataTableCard}>
              <AssetTable
                assets={group.assets}
                roundsByAsset={roundsByAsset}
                securities={securitiesById}
                issuerView={false}
                canWrite={false}
                headingLevel={3}
              />
            </div>
          </section>
        ))}
      </div>
    </AssetsList>
  );
}

/** The page's heading with its introduction (and Create for writers), then the spinner while the assets load, the
 * empty text when there is none, or the assets. */
function AssetsList({
  intro,
  actions,
  loading,
  none,
  children,
}: {
  intro: string;
  actions?: ReactNode;
  loading: boolean;
  none: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={ASSETS_TEXT.assets} actions={actions}>
        <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{intro}</p>
      </PageHeader>
      {loading ? <LoadingIndicator /> : none ? <EmptyState text={MESSAGES.noAssets} /> : children}
    </>
  );
}
