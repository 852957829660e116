// A TipTap editor for one HTML field of an article, with a toolbar. Its HTML goes to the server,
// which sanitises it (server editorial/sanitize.ts). The commentary's editor has the free-part
// divider (freeDivider.ts) as a labelled bar and a live count of what a non-member sees.
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BoldOutlined,
  DeleteOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  ScissorOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, NodeViewWrapper, ReactNodeViewRenderer, useEditor, type Editor, type ReactNodeViewProps } from '@tiptap/react';
import { Button, Tooltip } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ED_MSG } from '../messages';
import { editorExtensions } from './extensions';
import { FreeDivider } from './freeDivider';
import { freeCharCount } from './freePart';

const T = ED_MSG.toolbar;

function FreeDividerView({ editor, selected }: ReactNodeViewProps) {
  const editable = editor.isEditable;
  return (
    <NodeViewWrapper className={`qy-ed-free-divider${selected ? ' is-selected' : ''}`} data-drag-handle="" contentEditable={false}>
      <span className="qy-ed-free-divider__label" role="separator" aria-label={ED_MSG.freeDividerLabel}>
        <ScissorOutlined /> {ED_MSG.freeDividerLabel}
      </span>
      {editable && (
        <span className="qy-ed-free-divider__actions">
          <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={ED_MSG.freeDividerUp} onClick={() => editor.commands.moveFreeDivider(-1)} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={ED_MSG.freeDividerDown} onClick={() => editor.commands.moveFreeDivider(1)} />
          <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={ED_MSG.freeDividerRemove} onClick={() => editor.commands.removeFreeDivider()} />
        </span>
      )}
    </NodeViewWrapper>
  );
}

/** The divider with its bar in the editor (the HTML stays a plain <hr>). */
const FreeDividerWithBar = FreeDivider.extend({
  addNodeView() {
    return ReactNodeViewRenderer(FreeDividerView);
  },
});

function ToolButton({ label, icon, active, onClick, disabled }: { label: string; icon: ReactNode; active?: boolean; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={false}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

const text = (s: string) => <span className="qy-ed-tool-text">{s}</span>;

function Toolbar({ editor, freeDivider }: { editor: Editor; freeDivider: boolean }) {
  const chain = () => editor.chain().focus();
  // Formatting at the cursor is shown while this editor has it (every field has a cursor of its own).
  const on = (name: string, attrs?: Record<string, unknown>) => editor.isFocused && editor.isActive(name, attrs);
  const hasDivider = freeDivider && editor.getHTML().includes('<hr');
  return (
    <div className="qy-ed-toolbar" role="toolbar">
      <ToolButton label={T.bold} icon={<BoldOutlined />} active={on('bold')} onClick={() => chain().toggleBold().run()} />
      <ToolButton label={T.italic} icon={<ItalicOutlined />} active={on('italic')} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label={T.underline} icon={<UnderlineOutlined />} active={on('underline')} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton label={T.sup} icon={text('x²')} active={on('superscript')} onClick={() => chain().toggleSuperscript().run()} />
      <ToolButton label={T.sub} icon={text('x₂')} active={on('subscript')} onClick={() => chain().toggleSubscript().run()} />
      <span className="qy-ed-toolbar__sep" />
      <ToolButton label={T.h2} icon={text('H2')} active={on('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <ToolButton label={T.h3} icon={text('H3')} active={on('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <ToolButton label={T.bullet} icon={<UnorderedListOutlined />} active={on('bulletList')} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label={T.ordered} icon={<OrderedListOutlined />} active={on('orderedList')} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton label={T.quote} icon={text('❝')} active={on('blockquote')} onClick={() => chain().toggleBlockquote().run()} />
      <ToolButton
        label={T.link}
        icon={<LinkOutlined />}
        active={on('link')}
        onClick={() => {
          const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
          const href = window.prompt(T.linkPrompt, previous);
          if (href === null) return;
          if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
        }}
      />
      <span className="qy-ed-toolbar__sep" />
      <ToolButton label={T.undo} icon={<UndoOutlined />} disabled={!editor.can().undo()} onClick={() => chain().undo().run()} />
      <ToolButton label={T.redo} icon={<RedoOutlined />} disabled={!editor.can().redo()} onClick={() => chain().redo().run()} />
      {freeDivider && (
        <>
          <span className="qy-ed-toolbar__sep" />
          <Button size="small" icon={<ScissorOutlined />} disabled={hasDivider} onMouseDown={(e) => e.preventDefault()} onClick={() => chain().insertFreeDivider().run()}>
            {ED_MSG.freeDividerInsert}
          </Button>
        </>
      )}
    </div>
  );
}

export interface RichTextEditorProps {
  /** The HTML it starts with (remount with a new key to load other text). */
  initialHtml: string;
  /** Called with the new HTML after each change ('' when empty). */
  onChange: (html: string) => void;
  /** The field's name, for assistive technology. */
  label: string;
  readOnly?: boolean;
  /** The commentary: the free-part divider and the count of what a non-member sees. */
  freeDivider?: boolean;
  minHeight?: number;
}

/** The HTML of an editor, '' when it holds nothing. */
export const htmlOf = (editor: Editor) => (editor.isEmpty && !editor.getHTML().includes('<hr') ? '' : editor.getHTML());

export function RichTextEditor({ initialHtml, onChange, label, readOnly = false, freeDivider = false, minHeight = 240 }: RichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const extensions = useMemo(
    () => editorExtensions({ freeDivider }).map((e) => (e.name === 'freeDivider' ? FreeDividerWithBar : e)),
    [freeDivider],
  );
  const editor = useEditor({
    extensions,
    content: initialHtml,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { class: 'qy-ed-prose', 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', style: `min-height:${minHeight}px` },
    },
    onUpdate: ({ editor: e }) => {
      const next = htmlOf(e);
      setHtml(next);
      onChange(next);
    },
  });
  // The article's state can change while it is open (submitted: a contributor may no longer edit it).
  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  const count = freeDivider ? freeCharCount(html) : null;
  return (
    <div className={`qy-ed-rte${readOnly ? ' is-readonly' : ''}`}>
      {editor && !readOnly && <Toolbar editor={editor} freeDivider={freeDivider} />}
      <EditorContent editor={editor} />
      {freeDivider && (
        <div className={`qy-ed-free-count${count === null ? ' is-missing' : ''}`} aria-live="polite" data-testid="free-count">
          {count === null ? ED_MSG.freeNone : ED_MSG.freeCount(count)}
        </div>
      )}
    </div>
  );
}
