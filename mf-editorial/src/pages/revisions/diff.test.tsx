import { render, screen } from '@testing-library/react';
import type { ArticleDocument } from '../../api';
import { collapse, diffText, documentDiff, FREE_MARK, htmlToText } from './diff';
import { DiffView } from './DiffView';

const doc = (fields: Partial<ArticleDocument>) => ({ title: '', content: '', wantsay: '', classIds: [], linkOnly: false, ...fields }) as ArticleDocument;

describe('htmlToText', () => {
  it('reads blocks as lines, drops tags, decodes entities and shows the free-part marker', () => {
    expect(htmlToText('<h2>背景</h2><p>糖尿病&amp;高血压<sup>1</sup></p><hr><p>付费&#x90E8;分</p>')).toBe(`背景\n糖尿病&高血压1\n${FREE_MARK}\n付费部分`);
  });
});

describe('diffText', () => {
  it('marks a changed Chinese phrase as one deletion and one insertion, the rest kept', () => {
    const parts = diffText('本研究纳入了两千名患者。', '本研究纳入了三千名成年患者。');
    expect(parts.map((p) => p.text).join('')).toContain('本研究纳入了');
    const del = parts.filter((p) => p.kind === 'del').map((p) => p.text).join('');
    const ins = parts.filter((p) => p.kind === 'ins').map((p) => p.text).join('');
    expect(del).toContain('两千');
    expect(ins).toContain('三千');
    expect(ins).toContain('成年');
    // The old text is the kept and deleted parts, the new one the kept and inserted parts.
    expect(parts.filter((p) => p.kind !== 'ins').map((p) => p.text).join('')).toBe('本研究纳入了两千名患者。');
    expect(parts.filter((p) => p.kind !== 'del').map((p) => p.text).join('')).toBe('本研究纳入了三千名成年患者。');
  });

  it('compares English word by word', () => {
    const parts = diffText('The trial enrolled 200 patients', 'The trial enrolled 300 patients');
    expect(parts).toEqual([
      { kind: 'same', text: 'The trial enrolled ' },
      { kind: 'del', text: '200' },
      { kind: 'ins', text: '300' },
      { kind: 'same', text: ' patients' },
    ]);
  });
});

describe('collapse', () => {
  it('shortens long unchanged text around a change and keeps short text whole', () => {
    const long = '甲'.repeat(100);
    const out = collapse([{ kind: 'same', text: long }, { kind: 'ins', text: '乙' }, { kind: 'same', text: '丙' }], 10);
    expect(out).toEqual([
      { kind: 'gap', text: '…' },
      { kind: 'same', text: '甲'.repeat(10) },
      { kind: 'ins', text: '乙' },
      { kind: 'same', text: '丙' },
    ]);
  });
});

describe('documentDiff and DiffView', () => {
  it('lists only the changed fields, under their labels, with ins/del', () => {
    const before = doc({ title: '旧标题', content: '<p>正文不变</p>', classIds: [1, 2] });
    const after = doc({ title: '新标题', content: '<p>正文不变</p>', classIds: [1, 3] });
    const fields = documentDiff(before, after);
    expect(fields.map((f) => f.field)).toEqual(['title', 'classIds']);
    render(<DiffView fields={fields} />);
    const title = screen.getByRole('region', { name: '中文标题' });
    // The segmenter reads 旧标题 as 旧 + 标题: only the changed word is marked.
    expect(title.querySelector('del')?.textContent).toBe('旧');
    expect(title.querySelector('ins')?.textContent).toBe('新');
    expect(title.querySelector('.qy-ed-diff__text')?.textContent).toBe('旧新标题');
    expect(screen.getByRole('region', { name: '专业领域' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '中文正文' })).toBeNull();
  });

  it('says when nothing differs', () => {
    render(<DiffView fields={documentDiff(doc({ title: '同' }), doc({ title: '同' }))} />);
    expect(screen.getByText('与当前版本没有差异')).toBeInTheDocument();
  });
});
