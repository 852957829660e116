// The commentary's free-part divider as a block of its own. Readers' pages and the server cut the
// commentary (wantsay) at its first <hr> (server content/service.ts freeCommentary): what is above
// is free, what is below is for members; without it a non-member sees none of it. In the editor the
// marker is this node (editors see a labelled bar and can move it); it reads any <hr> and writes
// a plain <hr>, so the stored HTML is exactly the marker the reader pages already use.
import { Node } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    freeDivider: {
      /** Puts the divider after the block at the selection (none when there is one already). */
      insertFreeDivider: () => ReturnType;
      /** Moves the divider one block up (-1) or down (1). */
      moveFreeDivider: (direction: -1 | 1) => ReturnType;
      removeFreeDivider: () => ReturnType;
    };
  }
}

export const FREE_DIVIDER = 'freeDivider';

/** The divider's position and its index among the document's blocks, when it is a top-level block. */
export function findFreeDivider(doc: PMNode): { pos: number; index: number } | null {
  let found: { pos: number; index: number } | null = null;
  doc.forEach((node, offset, index) => {
    if (!found && node.type.name === FREE_DIVIDER) found = { pos: offset, index };
  });
  return found;
}

/** Every divider in the document (a paste may bring a second one). */
function dividerPositions(doc: PMNode): number[] {
  const out: number[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === FREE_DIVIDER) out.push(pos);
    return node.isBlock;
  });
  return out;
}

export const FreeDivider = Node.create({
  name: FREE_DIVIDER,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  parseHTML() {
    // Any spelling of the marker (<hr>, <hr/>, <hr class="…">).
    return [{ tag: 'hr' }];
  },

  renderHTML() {
    return ['hr'];
  },

  addCommands() {
    return {
      insertFreeDivider:
        () =>
        ({ state, tr, dispatch }) => {
          if (dividerPositions(state.doc).length > 0) return false;
          // After the top-level block that holds the selection.
          const $from = state.selection.$from;
          const at = $from.depth === 0 ? $from.pos : $from.after(1);
          if (dispatch) dispatch(tr.insert(at, state.schema.nodes[FREE_DIVIDER]!.create()).scrollIntoView());
          return true;
        },
      moveFreeDivider:
        (direction) =>
        ({ state, tr, dispatch }) => {
          const found = findFreeDivider(state.doc);
          if (!found) return false;
          const target = found.index + direction;
          if (target < 0 || target >= state.doc.childCount) return false;
          const divider = state.doc.child(found.index);
          const neighbour = state.doc.child(target);
          if (dispatch) {
            tr.delete(found.pos, found.pos + divider.nodeSize);
            // Up: before the block above. Down: after the block below (which moved up by the divider's size).
            tr.insert(direction < 0 ? found.pos - neighbour.nodeSize : found.pos + neighbour.nodeSize, divider);
            dispatch(tr.scrollIntoView());
          }
          return true;
        },
      removeFreeDivider:
        () =>
        ({ state, tr, dispatch }) => {
          const positions = dividerPositions(state.doc);
          if (positions.length === 0) return false;
          if (dispatch) {
            for (const pos of positions.reverse()) tr.delete(pos, pos + 1);
            dispatch(tr);
          }
          return true;
        },
    };
  },

  addProseMirrorPlugins() {
    // One divider only: the reader pages cut at the first, so a second (pasted) one would mislead.
    return [
      new Plugin({
        key: new PluginKey('freeDividerOnlyOne'),
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((t) => t.docChanged)) return null;
          const positions = dividerPositions(state.doc);
          if (positions.length < 2) return null;
          let tr: Transaction = state.tr;
          for (const pos of positions.slice(1).reverse()) tr = tr.delete(pos, pos + 1);
          return tr;
        },
      }),
    ];
  },
});
