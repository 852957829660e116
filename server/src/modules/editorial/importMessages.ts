// What an import tells the editor: each refusal names what is wrong with the file, in Chinese.

/** A file refused by an import: nothing of it is saved; the message says why. */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

export const ImportMessages = {
  // The upload.
  noFile: '请选择要导入的文件',
  oneFile: '每次只能导入一个文件',
  tooLarge: (limit: number) => `导入文件不能超过${MB(limit)}`,
  fieldsMissing: '请在上传表单中提供文章编号（id）和当前版本号（baseRevision）',
  fieldInvalid: (name: string) => `上传表单的${name}格式不正确`,
  fieldTooLong: (label: string, max: number) => `导入后的${label}超过${max}个字符，无法保存`,
  // JATS XML.
  jatsEmpty: 'JATS文件为空',
  jatsNotUtf8: 'JATS文件不是UTF-8编码的文本（PubMed Central的JATS文件均为UTF-8）',
  jatsNotXml: (where: string, why: string) => `JATS文件不是格式正确的XML${where}：${why}`,
  jatsPosition: (line: number, column: number) => `（第${line}行第${column}列）`,
  jatsTagMismatch: (open: string, close: string) => `标签不匹配，<${open}>未闭合就遇到了</${close}>`,
  jatsUnknownEntity: (entity: string) => `未定义的实体${entity}（JATS文件中的特殊字符请使用数字字符引用，如&#160;）`,
  jatsNoRoot: '文件中没有XML元素，不是JATS文件',
  jatsWrongRoot: (name: string) => `JATS文件的根元素应为<article>，而不是<${name}>`,
  jatsNoMeta: 'JATS文件缺少文章元数据（front/article-meta）',
  jatsNoTitle: 'JATS文件缺少文章标题（article-meta/title-group/article-title）',
  jatsNothing: 'JATS文件既没有摘要（abstract）也没有正文（body），没有可导入的内容',
  // Warnings (the import goes ahead).
  jatsNoAuthors: 'JATS文件中没有作者（contrib-group/contrib）',
  jatsFiguresToUpload: (labels: string[]) => `以下图片在JATS文件中只有文件名，请上传图片后插入：${labels.join('、')}`,
  jatsTableWithoutData: (label: string) => `表格${label}没有表格数据（可能是图片形式的表格）`,
  jatsRefWithoutCitation: (label: string) => `参考文献${label}没有引文内容，已跳过`,
  // Word.
  docxOldFormat: '这是旧版Word文档（.doc），请在Word中另存为.docx格式后再导入',
  docxNotZip: '文件不是有效的Word文档（.docx）：无法作为.docx压缩包读取',
  docxNoDocument: 'Word文档缺少正文部分（word/document.xml），文件可能已损坏',
  docxTooLarge: (limit: number) => `Word文档解压后超过${MB(limit)}，无法导入`,
  fileTooLargeToRead: '文件内容过多，读取时超出了导入可用的内存，无法导入，请拆分后分别导入',
  docxBroken: (why: string) => `Word文档无法读取，文件可能已损坏：${why}`,
  docxEmpty: 'Word文档中没有可导入的正文',
  docxImagesDropped: (n: number) => `Word文档中的${n}张图片没有导入，请上传图片后插入`,
  docxUnknownStyles: (styles: string[]) => `以下Word样式无法识别，已按普通段落导入：${styles.join('、')}`,
} as const;
