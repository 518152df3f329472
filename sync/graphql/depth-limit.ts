// Validation rules of production: an operation nested deeper than `maxDepth` selection levels, or selecting more
// fields or list fields than the cost limits (fragments are followed, every alias counts), is refused before it
// reaches the database, so one request cannot ask for an unbounded join tree or hundreds of aliased lists; and the
// rules' messages carry no "Did you mean ...?" suggestions.
import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from "postgraphile/graphql";
import { restated, withoutSuggestions } from "./errors.ts";

function depthOf(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      depth = selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, visiting) : 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, fragments, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !visiting.has(name)) {
        visiting.add(name);
        depth = depthOf(fragment.selectionSet, fragments, visiting);
        visiting.delete(name);
      }
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet, fragments, new Set());
        if (depth > maxDepth) {
          context.reportError(
            new GraphQLError(`Query is too deep (${depth} levels; at most ${maxDepth} allowed).`, {
              nodes: [operation],
              extensions: { code: "LL400" },
            }),
          );
        }
      },
    };
  };
}

/** What one operation may ask for at most (fragments expanded, every alias counted). */
interface CostLimits {
  /** Selected fields in all (a thousand aliased `currentUser { id }` is a thousand). */
  fields: number;
  /** Fields that answer a list or a connection (each can read many rows: 300 aliased allAccounts are 300). */
  lists: number;
  /** Mutation fields of one operation (each is a write: 300 aliased updateAssetById are 300). */
  mutations: number;
}

interface Cost {
  fields: number;
  lists: number;
}

function isListLike(type: GraphQLOutputType): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return true;
  return isObjectType(inner) && inner.name.endsWith("Connection");
}

function costOf(
  schema: GraphQLSchema,
  parent: GraphQLNamedType | null | undefined,
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting: Set<string>,
  cost: Cost,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      // Introspection (refused in production anyway) and __typename cost nothing.
      if (name.startsWith("__")) continue;
      cost.fields += 1;
      const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[name] : undefined;
      if (field && isListLike(field.type)) cost.lists += 1;
      if (selection.selectionSet) {
        costOf(schema, field ? getNamedType(field.type) : null, selection.selectionSet, fragments, visiting, cost);
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      costOf(schema, type, selection.selectionSet, fragments, visiting, cost);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !visiting.has(name)) {
        visiting.add(name);
        costOf(
          schema,
          schema.getType(fragment.typeCondition.name.value),
          fragment.selectionSet,
          fragments,
          visiting,
          cost,
        );
        visiting.delete(name);
      }
    }
  }
}

/** The fields of a root selection set (through fragments), not what they select: a mutation's writes. */
function rootFields(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visiting: Set<string>,
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!selection.name.value.startsWith("__")) count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += rootFields(selection.selectionSet, fragments, visiting);
    } else {
      const fragment = fragments[selection.name.value];
      if (fragment && !visiting.has(selection.name.value)) {
        visiting.add(selection.name.value);
        count += rootFields(fragment.selectionSet, fragments, visiting);
        visiting.delete(selection.name.value);
      }
    }
  }
  return count;
}

/** The cost of one operation of `document` (its fields and list fields, fragments expanded). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode): Cost[] {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const costs: Cost[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = schema.getRootType(definition.operation);
    const cost = { fields: 0, lists: 0 };
    costOf(schema, root, definition.selectionSet, fragments, new Set(), cost);
    costs.push(cost);
  }
  return costs;
}

/** Refuses an operation that selects more fields or list fields than `limits` (LL400, before anything runs). */
export function costLimitRule(limits: CostLimits) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    const schema = context.getSchema();
    return {
      OperationDefinition(operation) {
        const cost = { fields: 0, lists: 0 };
        const root = schema.getRootType(operation.operation);
        costOf(schema, root, operation.selectionSet, fragments, new Set(), cost);
        const writes =
          operation.operation === "mutation" ? rootFields(operation.selectionSet, fragments, new Set()) : 0;
        const over =
          writes > limits.mutations
            ? `Request makes too many changes at once (${writes}; at most ${limits.mutations} allowed).`
            : cost.lists > limits.lists
              ? `Query asks for too many lists (${cost.lists}; at most ${limits.lists} allowed).`
              : cost.fields > limits.fields
                ? `Query asks for too many fields (${cost.fields}; at most ${limits.fields} allowed).`
                : null;
        if (over) context.reportError(new GraphQLError(over, { nodes: [operation], extensions: { code: "LL400" } }));
      },
    };
  };
}

/**
 * The same rule with graphql-js's "Did you mean ...?" suggestions removed from what it reports: production hides the
 * schema (no introspection), and a suggestion would name its fields.
 */
export function withoutSuggestionsRule(rule: ValidationRule): ValidationRule {
  return (context: ValidationContext) => {
    const quiet = Object.create(context) as ValidationContext;
    quiet.reportError = (error: GraphQLError) =>
      context.reportError(restated(error, withoutSuggestions(error.message), error.extensions));
    return rule(quiet);
  };
}
