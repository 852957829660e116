// Word lists the demo content is composed from. Every sentence built from them is written for this
// project (no journal text is copied); drug names are generic classes or invented compound codes.

/** [Chinese, English] pairs. */
export type Term = readonly [string, string];

export interface ClassTerms {
  classId: number;
  diseases: Term[];
  interventions: Term[];
  outcomes: Term[];
}

export const CLASS_TERMS: ClassTerms[] = [
  {
    classId: 4,
    diseases: [
      ['心房颤动', 'Atrial Fibrillation'],
      ['射血分数保留的心力衰竭', 'Heart Failure with Preserved Ejection Fraction'],
      ['急性心肌梗死', 'Acute Myocardial Infarction'],
      ['急性缺血性卒中', 'Acute Ischemic Stroke'],
      ['难治性高血压', 'Resistant Hypertension'],
      ['主动脉瓣狭窄', 'Aortic Stenosis'],
    ],
    interventions: [
      ['口服Xa因子抑制剂', 'an Oral Factor Xa Inhibitor'],
      ['SGLT2抑制剂', 'an SGLT2 Inhibitor'],
      ['经导管主动脉瓣置换', 'Transcatheter Aortic-Valve Replacement'],
      ['血管内取栓', 'Endovascular Thrombectomy'],
      ['肾动脉去神经术', 'Renal Denervation'],
      ['强化降脂治疗', 'Intensive Lipid Lowering'],
    ],
    outcomes: [
      ['主要不良心血管事件', 'Major Adverse Cardiovascular Events'],
      ['90天功能结局', 'Functional Outcome at 90 Days'],
      ['心衰住院', 'Hospitalization for Heart Failure'],
      ['大出血', 'Major Bleeding'],
    ],
  },
  {
    classId: 2,
    diseases: [
      ['非小细胞肺癌', 'Non-Small-Cell Lung Cancer'],
      ['HER2阳性乳腺癌', 'HER2-Positive Breast Cancer'],
      ['转移性结直肠癌', 'Metastatic Colorectal Cancer'],
      ['晚期黑色素瘤', 'Advanced Melanoma'],
      ['急性髓系白血病', 'Acute Myeloid Leukemia'],
      ['肝细胞癌', 'Hepatocellular Carcinoma'],
    ],
    interventions: [
      ['PD-1抑制剂联合化疗', 'PD-1 Blockade plus Chemotherapy'],
      ['抗体偶联药物QY-217', 'the Antibody–Drug Conjugate QY-217'],
      ['新辅助免疫治疗', 'Neoadjuvant Immunotherapy'],
      ['CAR-T细胞疗法', 'CAR T-Cell Therapy'],
      ['靶向KRAS抑制剂QY-508', 'the KRAS Inhibitor QY-508'],
      ['立体定向放疗', 'Stereotactic Radiotherapy'],
    ],
    outcomes: [
      ['无进展生存期', 'Progression-free Survival'],
      ['总生存期', 'Overall Survival'],
      ['病理完全缓解', 'Pathological Complete Response'],
      ['客观缓解率', 'Objective Response Rate'],
    ],
  },
  {
    classId: 3,
    diseases: [
      ['2型糖尿病', 'Type 2 Diabetes'],
      ['1型糖尿病', 'Type 1 Diabetes'],
      ['糖尿病肾病', 'Diabetic Kidney Disease'],
      ['肥胖症', 'Obesity'],
      ['妊娠期糖尿病', 'Gestational Diabetes'],
    ],
    interventions: [
      ['每周一次GLP-1受体激动剂', 'a Once-Weekly GLP-1 Receptor Agonist'],
      ['双受体激动剂QY-330', 'the Dual Agonist QY-330'],
      ['闭环胰岛素输注系统', 'a Closed-Loop Insulin Delivery System'],
      ['强化生活方式干预', 'an Intensive Lifestyle Intervention'],
      ['口服胰岛素QY-112', 'the Oral Insulin QY-112'],
    ],
    outcomes: [
      ['糖化血红蛋白', 'Glycated Hemoglobin'],
      ['体重变化', 'Change in Body Weight'],
      ['肾脏复合终点', 'a Composite Kidney Outcome'],
      ['严重低血糖', 'Severe Hypoglycemia'],
    ],
  },
  {
    classId: 7,
    diseases: [
      ['慢性阻塞性肺疾病', 'Chronic Obstructive Pulmonary Disease'],
      ['重度哮喘', 'Severe Asthma'],
      ['特发性肺纤维化', 'Idiopathic Pulmonary Fibrosis'],
      ['社区获得性肺炎', 'Community-Acquired Pneumonia'],
      ['急性呼吸窘迫综合征', 'Acute Respiratory Distress Syndrome'],
    ],
    interventions: [
      ['生物制剂QY-645', 'the Biologic QY-645'],
      ['三联吸入治疗', 'Triple Inhaled Therapy'],
      ['俯卧位通气', 'Prone Positioning'],
      ['早期糖皮质激素', 'Early Glucocorticoids'],
      ['抗纤维化药物', 'an Antifibrotic Agent'],
    ],
    outcomes: [
      ['中重度急性加重', 'Moderate or Severe Exacerbations'],
      ['用力肺活量下降', 'Decline in Forced Vital Capacity'],
      ['28天死亡率', 'Mortality at 28 Days'],
      ['无呼吸机天数', 'Ventilator-free Days'],
    ],
  },
  {
    classId: 8,
    diseases: [
      ['子痫前期', 'Preeclampsia'],
      ['早产', 'Preterm Birth'],
      ['儿童哮喘', 'Childhood Asthma'],
      ['新生儿败血症', 'Neonatal Sepsis'],
      ['多囊卵巢综合征', 'Polycystic Ovary Syndrome'],
      ['儿童1型糖尿病', 'Type 1 Diabetes in Children'],
    ],
    interventions: [
      ['小剂量阿司匹林', 'Low-Dose Aspirin'],
      ['产前糖皮质激素', 'Antenatal Corticosteroids'],
      ['延迟脐带结扎', 'Delayed Cord Clamping'],
      ['家庭雾化管理方案', 'a Home Nebulization Program'],
      ['孕期营养干预', 'a Prenatal Nutrition Intervention'],
    ],
    outcomes: [
      ['围产期不良结局', 'Adverse Perinatal Outcomes'],
      ['新生儿重症监护入住', 'Admission to Neonatal Intensive Care'],
      ['急诊就诊次数', 'Emergency Visits'],
      ['活产率', 'Live Birth'],
    ],
  },
  {
    classId: 1,
    diseases: [
      ['类风湿关节炎', 'Rheumatoid Arthritis'],
      ['慢性肾脏病', 'Chronic Kidney Disease'],
      ['重度抑郁症', 'Major Depressive Disorder'],
      ['阿尔茨海默病', "Alzheimer's Disease"],
      ['中重度银屑病', 'Moderate-to-Severe Psoriasis'],
      ['骨质疏松性骨折', 'Osteoporotic Fracture'],
    ],
    interventions: [
      ['JAK抑制剂', 'a JAK Inhibitor'],
      ['抗淀粉样蛋白抗体QY-901', 'the Anti-Amyloid Antibody QY-901'],
      ['数字化认知行为治疗', 'Digital Cognitive Behavioral Therapy'],
      ['IL-23抑制剂', 'an IL-23 Inhibitor'],
      ['序贯促骨形成治疗', 'Sequential Anabolic Therapy'],
    ],
    outcomes: [
      ['疾病活动度缓解', 'Remission of Disease Activity'],
      ['认知评分变化', 'Change in Cognitive Score'],
      ['eGFR下降速度', 'Rate of eGFR Decline'],
      ['新发骨折', 'New Fractures'],
    ],
  },
  {
    classId: 9,
    diseases: [
      ['脓毒症', 'Sepsis'],
      ['耐药结核病', 'Drug-Resistant Tuberculosis'],
      ['季节性流感', 'Seasonal Influenza'],
      ['HIV感染', 'HIV Infection'],
      ['呼吸道合胞病毒感染', 'Respiratory Syncytial Virus Infection'],
      ['碳青霉烯耐药菌感染', 'Carbapenem-Resistant Infections'],
    ],
    interventions: [
      ['长效注射抗病毒方案', 'a Long-Acting Injectable Antiviral Regimen'],
      ['短程全口服方案', 'a Short All-Oral Regimen'],
      ['单剂抗病毒药物QY-402', 'the Single-Dose Antiviral QY-402'],
      ['孕期RSV疫苗接种', 'Maternal RSV Vaccination'],
      ['限制性补液策略', 'a Restrictive Fluid Strategy'],
    ],
    outcomes: [
      ['90天全因死亡', 'Death from Any Cause at 90 Days'],
      ['治疗成功率', 'Treatment Success'],
      ['症状缓解时间', 'Time to Symptom Alleviation'],
      ['病毒学抑制', 'Virologic Suppression'],
    ],
  },
];

export const COMPARATORS: Term[] = [
  ['安慰剂', 'Placebo'],
  ['标准治疗', 'Standard Care'],
  ['常规随访', 'Usual Care'],
  ['现有一线方案', 'Current First-Line Therapy'],
];

export const DESIGNS = ['多中心、随机、双盲、安慰剂对照试验', '开放标签随机对照试验', '前瞻性队列研究', '实用性整群随机试验', '非劣效性随机试验'];

export const REVIEW_TOPICS: Term[] = [
  ['诊断与治疗进展', 'Advances in Diagnosis and Treatment'],
  ['发病机制的新认识', 'New Insights into Pathogenesis'],
  ['筛查与早期干预', 'Screening and Early Intervention'],
  ['长期管理策略', 'Strategies for Long-Term Management'],
];

export const CASE_PRESENTATIONS: Term[] = [
  ['发热伴进行性呼吸困难', 'Fever and Progressive Dyspnea'],
  ['反复晕厥', 'Recurrent Syncope'],
  ['不明原因体重下降', 'Unexplained Weight Loss'],
  ['急性意识改变', 'Acute Change in Mental Status'],
  ['皮疹伴关节痛', 'Rash and Arthralgia'],
];

export const PATIENTS: Term[] = [
  ['一名58岁男性', 'A 58-Year-Old Man'],
  ['一名34岁女性', 'A 34-Year-Old Woman'],
  ['一名71岁女性', 'A 71-Year-Old Woman'],
  ['一名9岁男孩', 'A 9-Year-Old Boy'],
  ['一名45岁男性', 'A 45-Year-Old Man'],
  ['一名26岁孕妇', 'A 26-Year-Old Pregnant Woman'],
];

export const CATALYST_TOPICS: Term[] = [
  ['以价值为导向的门诊慢病管理', 'Value-Based Management of Chronic Disease in Clinics'],
  ['医院急诊拥堵的系统性解决方案', 'A System Approach to Emergency Department Crowding'],
  ['远程医疗在县域医共体中的实践', 'Telehealth in County Medical Alliances'],
  ['降低住院患者跌倒的质量改进项目', 'A Quality-Improvement Program to Reduce Inpatient Falls'],
  ['临床医生职业倦怠的组织干预', 'Organizational Responses to Clinician Burnout'],
  ['用数据驱动手术室效率提升', 'Data-Driven Operating Room Efficiency'],
  ['家庭医生签约服务的成本与效果', 'Costs and Effects of Contracted Family Doctor Services'],
  ['电子病历中的临床决策支持', 'Clinical Decision Support in the Electronic Record'],
];

export const EVIDENCE_TOPICS: Term[] = [
  ['如何理解非劣效性试验的结论', 'Reading the Conclusions of Noninferiority Trials'],
  ['真实世界证据能否替代随机试验', 'Can Real-World Evidence Replace Randomized Trials?'],
  ['亚组分析的陷阱', 'Pitfalls of Subgroup Analyses'],
  ['复合终点的解读', 'Interpreting Composite End Points'],
  ['贝叶斯方法在临床试验中的应用', 'Bayesian Methods in Clinical Trials'],
  ['适应性设计的利与弊', 'Adaptive Designs: Benefits and Risks'],
];

export const WRITING_TOPICS: [string, string, number][] = [
  ['如何撰写随机对照试验的方法学部分', 'Writing the Methods of a Randomized Trial', 3],
  ['样本量估算：从临床问题出发', 'Sample Size from the Clinical Question', 2],
  ['研究方案注册与预先设定的分析计划', 'Trial Registration and Prespecified Analysis Plans', 1],
  ['结果部分的表格与图形如何呈现', 'Presenting Tables and Figures in Results', 3],
  ['讨论部分：局限性应当怎么写', 'Writing the Limitations Section', 3],
  ['观察性研究中的混杂控制', 'Controlling Confounding in Observational Studies', 2],
  ['回复审稿意见的策略', 'Responding to Reviewers', 4],
  ['生存分析的常见错误', 'Common Errors in Survival Analysis', 2],
  ['临床研究中的伦理审查要点', 'Key Points of Ethics Review', 4],
  ['如何选择合适的主要终点', 'Choosing the Primary End Point', 1],
  ['缺失数据的处理与报告', 'Handling and Reporting Missing Data', 2],
  ['摘要写作：用三百字讲清一项研究', 'Writing an Abstract in Three Hundred Words', 3],
  ['多重比较与统计学显著性', 'Multiplicity and Statistical Significance', 2],
  ['投稿前的自查清单', 'A Checklist Before Submission', 4],
  ['从研究问题到PICO框架', 'From Research Question to PICO', 1],
];

export const CN_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗', '梁', '宋', '郑', '谢', '韩', '唐', '冯', '于', '董', '萧'];
export const CN_GIVEN = ['建国', '晓雯', '志强', '雅琴', '明远', '思成', '海燕', '子涵', '文博', '静怡', '立新', '嘉怡', '国平', '慧敏', '俊杰', '欣然', '永康', '若曦', '振华', '一鸣', '佳宁', '宏伟', '丽华', '梓萱'];
/** How the English originals write the Chinese names above (given name first, as the journal does). */
export const CN_SURNAMES_PINYIN: Record<string, string> = {
  王: 'Wang', 李: 'Li', 张: 'Zhang', 刘: 'Liu', 陈: 'Chen', 杨: 'Yang', 赵: 'Zhao', 黄: 'Huang', 周: 'Zhou', 吴: 'Wu',
  徐: 'Xu', 孙: 'Sun', 胡: 'Hu', 朱: 'Zhu', 高: 'Gao', 林: 'Lin', 何: 'He', 郭: 'Guo', 马: 'Ma', 罗: 'Luo',
  梁: 'Liang', 宋: 'Song', 郑: 'Zheng', 谢: 'Xie', 韩: 'Han', 唐: 'Tang', 冯: 'Feng', 于: 'Yu', 董: 'Dong', 萧: 'Xiao',
};
export const CN_GIVEN_PINYIN: Record<string, string> = {
  建国: 'Jianguo', 晓雯: 'Xiaowen', 志强: 'Zhiqiang', 雅琴: 'Yaqin', 明远: 'Mingyuan', 思成: 'Sicheng', 海燕: 'Haiyan', 子涵: 'Zihan',
  文博: 'Wenbo', 静怡: 'Jingyi', 立新: 'Lixin', 嘉怡: 'Jiayi', 国平: 'Guoping', 慧敏: 'Huimin', 俊杰: 'Junjie', 欣然: 'Xinran',
  永康: 'Yongkang', 若曦: 'Ruoxi', 振华: 'Zhenhua', 一鸣: 'Yiming', 佳宁: 'Jianing', 宏伟: 'Hongwei', 丽华: 'Lihua', 梓萱: 'Zixuan',
};
export const WESTERN_FIRST = ['Emily', 'Daniel', 'Sarah', 'Michael', 'Laura', 'James', 'Anna', 'David', 'Sofia', 'Thomas', 'Grace', 'Lucas', 'Hannah', 'Samuel', 'Olivia', 'Peter', 'Chloe', 'Henrik', 'Amara', 'Mateo'];
export const WESTERN_MIDDLE = ['A.', 'B.', 'C.', 'D.', 'E.', 'J.', 'K.', 'L.', 'M.', 'R.', 'S.', 'T.'];
export const WESTERN_LAST = ['Carter', 'Okafor', 'Lindqvist', 'Moreau', 'Patel', 'Nakamura', 'Fischer', 'Rossi', 'Haddad', 'Kowalski', 'Bennett', 'Alvarez', 'Osei', 'Novak', 'Schmidt', 'Ibrahim', 'Larsen', 'Costa', 'Whitfield', 'Dubois'];
export const DEGREES = ['M.D.', 'Ph.D.', 'M.P.H.', 'M.D., Ph.D.', 'M.D., M.P.H.', 'Pharm.D.'];

export const COI_TEXTS = [
  '作者声明不存在与本文相关的利益冲突。',
  '部分作者曾接受相关企业的讲课费或咨询费，详见原文披露表。',
  '本研究由公共科研基金资助，资助方未参与研究设计、数据分析和论文撰写。',
];

export const LESSON_TOPICS: { title: string; subhead: string; classIds: number[] }[] = [
  { title: '读懂一篇随机对照试验', subhead: '从研究问题到主要终点的阅读路径', classIds: [1] },
  { title: '心房颤动抗凝治疗的临床决策', subhead: '出血风险与卒中预防的平衡', classIds: [4] },
  { title: '免疫治疗时代的肺癌诊疗', subhead: '生物标志物检测与方案选择', classIds: [2] },
  { title: '2型糖尿病的个体化降糖策略', subhead: '心肾获益药物的合理使用', classIds: [3] },
  { title: '慢阻肺急性加重的预防', subhead: '吸入治疗与肺康复', classIds: [7] },
  { title: '妊娠期高血压疾病的管理', subhead: '从筛查到分娩时机', classIds: [8] },
  { title: '脓毒症早期识别与集束化治疗', subhead: '急诊与病房的协作', classIds: [9] },
  { title: '医学论文写作入门', subhead: '结构、逻辑与表达', classIds: [1] },
  { title: '统计图表的规范表达', subhead: '让数据自己说话', classIds: [1] },
  { title: '心力衰竭药物治疗的新格局', subhead: '四联治疗的启动与滴定', classIds: [4] },
  { title: '乳腺癌的新辅助治疗', subhead: '病理缓解与后续策略', classIds: [2] },
  { title: '儿童哮喘的长期管理', subhead: '家庭与学校的配合', classIds: [8, 7] },
  { title: '抗菌药物合理使用', subhead: '耐药时代的处方原则', classIds: [9] },
  { title: '肥胖症的药物与手术治疗', subhead: '适应证与长期随访', classIds: [3] },
  { title: '临床研究设计工作坊', subhead: '从想法到可执行的方案', classIds: [1] },
  { title: '卒中中心的绿色通道建设', subhead: '缩短门到针时间的实践', classIds: [4] },
  { title: '肿瘤患者的症状管理', subhead: '疼痛、乏力与营养', classIds: [2] },
  { title: '间质性肺疾病的影像解读', subhead: '高分辨CT的读片要点', classIds: [7] },
  { title: '新生儿重症监护的感染防控', subhead: '手卫生与导管管理', classIds: [8, 9] },
  { title: '类风湿关节炎的达标治疗', subhead: '疾病活动度评估与药物调整', classIds: [1] },
  { title: '糖尿病足的多学科诊疗', subhead: '评估、清创与预防复发', classIds: [3] },
  { title: '结核病的诊断新技术', subhead: '分子检测的临床应用', classIds: [9] },
  { title: '审稿人眼中的好论文', subhead: '编辑部的常见退稿原因', classIds: [1] },
  { title: '高血压的诊室外血压监测', subhead: '家庭血压与动态血压', classIds: [4] },
  { title: '血液肿瘤的细胞治疗', subhead: '适应证、毒性与随访', classIds: [2] },
  { title: '哮喘生物制剂的选择', subhead: '表型与生物标志物', classIds: [7] },
  { title: '多囊卵巢综合征的全周期管理', subhead: '生育与代谢并重', classIds: [8, 3] },
  { title: '流感季的门诊应对', subhead: '快速诊断与抗病毒治疗', classIds: [9] },
  { title: '循证医学证据分级', subhead: '从系统综述到临床指南', classIds: [1] },
  { title: '真实世界研究的设计要点', subhead: '数据来源与偏倚控制', classIds: [1] },
];
