/** A node of the department tree; the profile's `division` stores a leaf's name. */
export interface DepartmentNode {
  id: number;
  name: string;
  children?: DepartmentNode[];
}

/**
 * Clinical departments as Chinese hospitals name them (grouped the way the National Health
 * Commission's catalogue of diagnosis-and-treatment subjects groups them). Leaf names are unique,
 * so a leaf name identifies its department. Ids are fixed: group × 100 + position.
 */
const GROUPS: Array<[group: string, leaves: string[]]> = [
  [
    '内科',
    [
      '心血管内科',
      '呼吸内科',
      '消化内科',
      '神经内科',
      '肾内科',
      '内分泌科',
      '血液内科',
      '风湿免疫科',
      '感染科',
      '老年医学科',
      '全科医学科',
    ],
  ],
  [
    '外科',
    [
      '普通外科',
      '肝胆外科',
      '胃肠外科',
      '甲状腺乳腺外科',
      '心脏大血管外科',
      '胸外科',
      '神经外科',
      '骨科',
      '泌尿外科',
      '血管外科',
      '烧伤整形外科',
    ],
  ],
  ['妇产科', ['妇科', '产科', '生殖医学科']],
  ['儿科', ['儿内科', '新生儿科', '小儿外科']],
  ['肿瘤科', ['肿瘤内科', '肿瘤外科', '放射治疗科']],
  ['急诊与重症', ['急诊科', '重症医学科', '麻醉科']],
  ['五官科', ['眼科', '耳鼻咽喉头颈外科', '口腔科']],
  ['其他临床科室', ['皮肤科', '精神心理科', '康复医学科', '中医科', '疼痛科']],
  ['医技', ['医学影像科', '超声医学科', '核医学科', '检验科', '病理科', '药剂科', '介入科']],
  ['护理', ['护理部']],
  ['其他', ['其他科室']],
];

export const DEPARTMENT_TREE: DepartmentNode[] = GROUPS.map(([group, leaves], g) => ({
  id: (g + 1) * 100,
  name: group,
  children: leaves.map((name, i) => ({ id: (g + 1) * 100 + i + 1, name })),
}));

/** Every leaf name, for checking a profile's division. */
export const DEPARTMENT_LEAVES: ReadonlySet<string> = new Set(
  DEPARTMENT_TREE.flatMap((g) => (g.children ?? []).map((c) => c.name)),
);
