// A validation rule that refuses operations nested deeper than `maxDepth` selection levels (fragments are
// followed), so one request cannot ask for an unbounded join tree.
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "postgraphile/graphql";

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
