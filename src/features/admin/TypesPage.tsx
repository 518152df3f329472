// /admin/types: the reference types the product uses, with how often each is used: asset types (with their
// accounting type), investor account types, question types (with their regex) and the document sharing allowed
// shares, read from the replica (the `types` book: offline too). Safe edits only: names can change, new asset and
// investor account types and sharing options can be added, an asset type's accounting type and a sharing option's
// type and roles change only while nothing uses them, a type nothing uses can be deleted (the server checks each:
// LL409 with the use). Edits are commands (queued offline, shown as waiting).
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { Page, PageHeader } from "../../ui/index.ts";
import {
  type InvestorAccountType,
  InvestorAccountTypes,
  type QuestionType,
  QuestionTypes,
} from "./AccountQuestionTypes.tsx";
import { type AssetType, AssetTypes } from "./AssetTypes.tsx";
import { useBook, useTrackedCommands } from "./admin-data.ts";
import { BookUpdated } from "./BookUpdated.tsx";
import { CommandNotes } from "./CommandNotes.tsx";
import { type SharingShare, SharingShares } from "./SharingShares.tsx";
import { TYPES_TEXT } from "./strings.ts";

interface ReferenceTypes {
  assetTypes: AssetType[];
  investorAccountTypes: InvestorAccountType[];
  questionTypes: QuestionType[] | null;
  documentSharingAllowedShares: SharingShare[];
}

const nothing = () => {};

export function TypesPage() {
  const online = useOnline();
  const { data: types, updatedOn, loading } = useBook<ReferenceTypes>("types");
  const commands = useTrackedCommands(nothing);
  return (
    <Page>
      <PageHeader title={TYPES_TEXT.title} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        <BookUpdated updatedOn={updatedOn} loading={loading} online={online} />
        <CommandNotes commands={commands} online={online} />
        {types && (
          <>
            <AssetTypes rows={types.assetTypes} commands={commands} />
            <InvestorAccountTypes rows={types.investorAccountTypes} commands={commands} />
            <QuestionTypes rows={types.questionTypes} commands={commands} />
            <SharingShares rows={types.documentSharingAllowedShares} commands={commands} />
          </>
        )}
      </div>
    </Page>
  );
}
