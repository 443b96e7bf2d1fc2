/**
 * A small reader of V8 heap snapshots (`.heapsnapshot`, the JSON `node:v8` writes): the nodes
 * grouped by class with their count, self size and retained size. Retained sizes come from the
 * dominator tree (Cooper, Harvey and Kennedy's iterative algorithm over the graph from the
 * snapshot's root, weak edges left out).
 */
import { readFileSync } from 'node:fs';

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One class (constructor) of a snapshot. */
export interface HeapClass {
  name: string;
  count: number;
  /** Bytes of the objects themselves. */
  selfSize: number;
  /**
   * Bytes freed if every object of the class went away: the retained sizes of its objects that
   * no other object of the same class dominates (so nested ones are not counted twice).
   */
  retainedSize: number;
}

/** The class a node is grouped under: the constructor name of objects, `(type)` otherwise. */
function className(type: string, name: string): string {
  if (type === 'object' || type === 'native') return name;
  if (type === 'closure') return '(closure)';
  return `(${type})`;
}

/** Reads a snapshot file and returns its classes (unsorted). */
export function readHeapClasses(path: string): HeapClass[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as RawSnapshot;
  const meta = raw.snapshot.meta;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const edgeCountAt = meta.node_fields.indexOf('edge_count');
  const edgeTypeAt = meta.edge_fields.indexOf('type');
  const toNodeAt = meta.edge_fields.indexOf('to_node');
  const weak = meta.edge_types[0].indexOf('weak');
  const nodeTypes = meta.node_types[0];
  const count = raw.snapshot.node_count;
  const { nodes, edges, strings } = raw;

  // Graph in CSR form: successors of each node (weak edges left out) and its class id.
  const firstEdge = new Uint32Array(count + 1);
  const classOf = new Uint32Array(count);
  const classIds = new Map<string, number>();
  const classNames: string[] = [];
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += nodes[n * nodeWidth + edgeCountAt] * edgeWidth;
    const name = className(
      nodeTypes[nodes[n * nodeWidth + typeAt]],
      strings[nodes[n * nodeWidth + nameAt]],
    );
    let id = classIds.get(name);
    if (id === undefined) {
      id = classNames.push(name) - 1;
      classIds.set(name, id);
    }
    classOf[n] = id;
  }
  firstEdge[count] = edges.length;
  const successors = (n: number, visit: (m: number) => void) => {
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
      if (edges[e + edgeTypeAt] !== weak) visit(edges[e + toNodeAt] / nodeWidth);
    }
  };

  // Post-order numbers from the root (node 0) by an iterative depth-first walk.
  const order = new Int32Array(count).fill(-1); // node -> post-order number
  const byOrder = new Uint32Array(count); // post-order number -> node
  const seen = new Uint8Array(count);
  const stack: number[] = [0];
  const cursor = new Uint32Array(count);
  seen[0] = 1;
  let reached = 0;
  while (stack.length > 0) {
    const n = stack[stack.length - 1];
    let pushed = false;
    for (let e = firstEdge[n] + cursor[n]; e < firstEdge[n + 1]; e += edgeWidth) {
      cursor[n] += edgeWidth;
      const m = edges[e + toNodeAt] / nodeWidth;
      if (edges[e + edgeTypeAt] !== weak && !seen[m]) {
        seen[m] = 1;
        stack.push(m);
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      stack.pop();
      order[n] = reached;
      byOrder[reached++] = n;
    }
  }

  // Predecessors of reached nodes, by post-order number.
  const predCount = new Uint32Array(reached + 1);
  for (let i = 0; i < reached; i++) {
    successors(byOrder[i], (m) => {
      if (order[m] >= 0) predCount[order[m] + 1]++;
    });
  }
  for (let i = 0; i < reached; i++) predCount[i + 1] += predCount[i];
  const preds = new Uint32Array(predCount[reached]);
  const fill = predCount.slice();
  for (let i = 0; i < reached; i++) {
    successors(byOrder[i], (m) => {
      if (order[m] >= 0) preds[fill[order[m]]++] = i;
    });
  }

  // Immediate dominators (post-order numbers); the root is reached last.
  const root = reached - 1;
  const idom = new Int32Array(reached).fill(-1);
  idom[root] = root;
  for (let changed = true; changed;) {
    changed = false;
    for (let b = root - 1; b >= 0; b--) {
      let next = -1;
      for (let p = predCount[b]; p < predCount[b + 1]; p++) {
        let a = preds[p];
        if (idom[a] < 0) continue;
        if (next < 0) {
          next = a;
          continue;
        }
        let c = next;
        while (a !== c) {
          while (a < c) a = idom[a];
          while (c < a) c = idom[c];
        }
        next = a;
      }
      if (next >= 0 && idom[b] !== next) {
        idom[b] = next;
        changed = true;
      }
    }
  }

  // Retained sizes: children come before their dominator in post-order.
  const retained = new Float64Array(reached);
  for (let i = 0; i < reached; i++) retained[i] += nodes[byOrder[i] * nodeWidth + sizeAt];
  for (let i = 0; i < root; i++) if (idom[i] >= 0) retained[idom[i]] += retained[i];

  // Per class: objects with no same-class object above them in the dominator tree.
  const childStart = new Uint32Array(reached + 1);
  for (let i = 0; i < root; i++) if (idom[i] >= 0) childStart[idom[i] + 1]++;
  for (let i = 0; i < reached; i++) childStart[i + 1] += childStart[i];
  const children = new Uint32Array(childStart[reached]);
  const childFill = childStart.slice();
  for (let i = 0; i < root; i++) if (idom[i] >= 0) children[childFill[idom[i]]++] = i;
  const classes = classNames.map((name) => ({ name, count: 0, selfSize: 0, retainedSize: 0 }));
  const open = new Uint32Array(classNames.length);
  const walk: number[] = [root];
  const entered = new Uint8Array(reached);
  while (walk.length > 0) {
    const i = walk[walk.length - 1];
    const cls = classOf[byOrder[i]];
    if (entered[i]) {
      walk.pop();
      open[cls]--;
      continue;
    }
    entered[i] = 1;
    const entry = classes[cls];
    entry.count++;
    entry.selfSize += nodes[byOrder[i] * nodeWidth + sizeAt];
    if (open[cls] === 0) entry.retainedSize += retained[i];
    open[cls]++;
    for (let c = childStart[i]; c < childStart[i + 1]; c++) walk.push(children[c]);
  }
  return classes.filter((c) => c.count > 0);
}
