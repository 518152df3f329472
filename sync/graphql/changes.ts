// `subscription { changes { table id } }`: one event per NOTIFY on the channel `app_changes`, whose payload is JSON
// {"t": "<table>", "id"?: "<row id>"}. Triggers (replication) send the notifications; this plugin only relays them,
// so it knows nothing about tables. Delivered after commit, through the service's pgSubscriber (LISTEN on PGlite or
// on a real PostgreSQL, where it reaches every server process).
import { jsonParse } from "postgraphile/@dataplan/json";
import { context, listen } from "postgraphile/grafast";
import { extendSchema, gql } from "postgraphile/utils";

const CHANGES_CHANNEL = "app_changes";

type ChangePayload = { t: string; id?: string };

export const ChangesSubscriptionPlugin = extendSchema({
  typeDefs: gql`
    """A row of a table changed (created, updated or soft-deleted). Query the row to see what changed."""
    type TableChange {
      table: String!
      id: String
    }
    extend type Subscription {
      changes: TableChange!
    }
  `,
  objects: {
    Subscription: {
      plans: {
        changes: {
          subscribePlan() {
            const $pgSubscriber = context().get("pgSubscriber");
            return listen($pgSubscriber, CHANGES_CHANNEL, jsonParse<ChangePayload>);
          },
          plan($event) {
            return $event;
          },
        },
      },
    },
    TableChange: {
      plans: {
        table($event) {
          return $event.get("t");
        },
        id($event) {
          return $event.get("id");
        },
      },
    },
  },
});
