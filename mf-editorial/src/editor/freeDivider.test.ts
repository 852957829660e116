import { Editor } from '@tiptap/core';
import { editorExtensions, isSitePicture } from './extensions';
import { freeCharCount, freePartOf } from './freePart';

/** A commentary editor without a view's React parts (the node's HTML is the same). */
function commentary(html: string) {
  return new Editor({ extensions: editorExtensions({ freeDivider: true }), content: html });
}

describe('the free-part divider of the commentary', () => {
  it('reads the reader pages’ <hr> marker and writes it back unchanged', () => {
    const html = '<p>免费的第一段。</p><hr><p>会员才能读到的第二段。</p>';
    const editor = commentary(html);
    expect(editor.getJSON().content?.map((n) => n.type)).toEqual(['paragraph', 'freeDivider', 'paragraph']);
    expect(editor.getHTML()).toBe(html);
    // The server's cut of the output is the text above the bar.
    expect(freePartOf(editor.getHTML())).toBe('<p>免费的第一段。</p>');
    editor.destroy();
  });

  it.each(['<hr/>', '<hr />', '<HR>', '<hr class="old">'])('takes the spelling %s as the divider and writes <hr>', (marker) => {
    const editor = commentary(`<p>甲</p>${marker}<p>乙</p>`);
    expect(editor.getHTML()).toBe('<p>甲</p><hr><p>乙</p>');
    editor.destroy();
  });

  it('keeps one divider: a second one (pasted) goes, the first stays where it was', () => {
    const editor = commentary('<p>甲</p>');
    editor.commands.setContent('<p>甲</p><hr><p>乙</p><hr><p>丙</p>');
    expect(editor.getHTML()).toBe('<p>甲</p><hr><p>乙</p><p>丙</p>');
    editor.destroy();
  });

  it('moves up and down by one block and stops at the top', () => {
    const editor = commentary('<p>一</p><p>二</p><hr><p>三</p>');
    expect(editor.commands.moveFreeDivider(-1)).toBe(true);
    expect(editor.getHTML()).toBe('<p>一</p><hr><p>二</p><p>三</p>');
    expect(editor.commands.moveFreeDivider(-1)).toBe(true);
    expect(editor.getHTML()).toBe('<hr><p>一</p><p>二</p><p>三</p>');
    expect(editor.commands.moveFreeDivider(-1)).toBe(false);
    editor.commands.moveFreeDivider(1);
    editor.commands.moveFreeDivider(1);
    editor.commands.moveFreeDivider(1);
    // At the bottom the editor keeps an empty paragraph below it to type in.
    expect(editor.getHTML()).toBe('<p>一</p><p>二</p><p>三</p><hr><p></p>');
    expect(freeCharCount(editor.getHTML())).toBe(3);
    editor.destroy();
  });

  it('is inserted after the block at the cursor, once, and can be removed', () => {
    const editor = commentary('<p>一</p><p>二</p>');
    editor.commands.setTextSelection(2);
    expect(editor.commands.insertFreeDivider()).toBe(true);
    expect(editor.getHTML()).toBe('<p>一</p><hr><p>二</p>');
    expect(editor.commands.insertFreeDivider()).toBe(false);
    expect(editor.commands.removeFreeDivider()).toBe(true);
    expect(editor.getHTML()).toBe('<p>一</p><p>二</p>');
    editor.destroy();
  });

  it('is a plain rule outside the commentary (no divider node there)', () => {
    const editor = new Editor({ extensions: editorExtensions(), content: '<p>甲</p><hr><p>乙</p>' });
    expect(editor.getJSON().content?.map((n) => n.type)).toEqual(['paragraph', 'horizontalRule', 'paragraph']);
    editor.destroy();
  });

  it('keeps the structure the imports and the reader pages use (ids, tables, figures, sup)', () => {
    const html =
      '<h2 id="qy-sec1">Methods</h2><p>Rate<sup>2</sup> <a target="_blank" rel="noopener noreferrer nofollow" href="#qy-ref1">1</a></p>' +
      '<figure id="qy-f1"><img src="/api/static/f1.png"><figcaption>Figure 1</figcaption></figure>' +
      '<ol><li><p id="qy-ref1">Ref one.</p></li></ol>';
    const editor = new Editor({ extensions: editorExtensions(), content: html });
    const out = editor.getHTML();
    for (const part of ['<h2 id="qy-sec1">', '<sup>2</sup>', 'href="#qy-ref1"', '<figure id="qy-f1">', '<img src="/api/static/f1.png">', '<figcaption>Figure 1</figcaption>', '<p id="qy-ref1">']) {
      expect(out).toContain(part);
    }
    editor.destroy();
  });
});

describe('what a non-member sees', () => {
  it('counts the characters above the divider, whitespace and markup not counted', () => {
    expect(freeCharCount('<p>免费 部分</p><p><strong>ab</strong></p><hr><p>会员部分很长很长</p>')).toBe(6);
  });

  it('is nothing without a divider (the server shows no commentary then)', () => {
    expect(freeCharCount('<p>没有分隔线的述评</p>')).toBeNull();
    expect(freePartOf('<p>没有分隔线的述评</p>')).toBe('');
  });

  it('cuts at the first marker in any spelling, as the server does', () => {
    expect(freePartOf('<p>一</p><HR/><p>二</p><hr><p>三</p>')).toBe('<p>一</p>');
    expect(freeCharCount('<hr><p>全是会员内容</p>')).toBe(0);
  });
});

describe('pictures in the editor', () => {
  it('loads only pictures the site’s pages can show (its own, data:, blob:)', () => {
    const base = 'https://qianyan.example/editor/article/3';
    expect(isSitePicture('/api/static/f1.png', base)).toBe(true);
    expect(isSitePicture('https://qianyan.example/api/static/f1.png', base)).toBe(true);
    expect(isSitePicture('data:image/png;base64,AAAA', base)).toBe(true);
    expect(isSitePicture('https://media.example.org/f2.png', base)).toBe(false);
    expect(isSitePicture('//media.example.org/f2.png', base)).toBe(false);
  });

  it('keeps a picture from elsewhere in the HTML while showing a note for it', () => {
    const element = document.createElement('div');
    const html = '<img src="https://media.example.org/f2.png">';
    const editor = new Editor({ element, extensions: editorExtensions(), content: html });
    expect(element.querySelector('img')).toBeNull();
    expect(element.textContent).toContain('外部图片');
    expect(editor.getHTML()).toBe(html);
    editor.destroy();
  });
});
