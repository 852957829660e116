import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from '@qianyan/shared/core';
import { MemoryRouter } from 'react-router-dom';
import GlossaryPage from './GlossaryPage';
import { GlossaryForm } from './GlossaryForm';
import { glossaryApi, savePayload, type GlossaryTerm } from './glossaryApi';

const AREAS = [
  { value: 1, label: '心血管' },
  { value: 2, label: '呼吸' },
];

const hf: GlossaryTerm = {
  id: 7,
  term: '心力衰竭',
  english: 'heart failure',
  aliases: ['心衰', 'HF'],
  definition: '心脏泵血功能受损，不能满足机体代谢需要的临床综合征。',
  classId: 1,
  className: '心血管',
  revision: 3,
  updatedAtShanghai: '2026-11-20 10:00',
};

afterEach(() => jest.restoreAllMocks());

/**
 * Text arrives in one input event, as a Chinese input method commits it (and as a paste does): typing
 * it key by key re-renders the whole antd form for every character, which is slow and not what
 * happens when a Chinese editor types.
 */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('glossary form', () => {
  it('asks for the Chinese term, the definition and the disease area before saving', async () => {
    const onSave = jest.fn();
    render(<GlossaryForm areas={AREAS} onSave={onSave} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写中文术语')).toBeInTheDocument();
    expect(screen.getByText('请填写释义')).toBeInTheDocument();
    expect(screen.getByText('请选择疾病领域')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a new term with its aliases as tags, trimmed, and no id or revision', async () => {
    const onSave = jest.fn();
    render(<GlossaryForm areas={AREAS} onSave={onSave} onCancel={() => undefined} />);
    await enter(screen.getByLabelText('中文术语'), '  心房颤动 ');
    await enter(screen.getByLabelText('英文术语'), 'atrial fibrillation');
    const aliases = screen.getByLabelText('缩写/同义词');
    await userEvent.type(aliases, '房颤{enter}AF{enter}房颤{enter}');
    await enter(screen.getByLabelText('释义'), '最常见的持续性心律失常。');
    await userEvent.click(screen.getByLabelText('疾病领域'));
    await userEvent.click(await screen.findByTitle('心血管'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({
      term: '心房颤动',
      english: 'atrial fibrillation',
      aliases: ['房颤', 'AF'],
      definition: '最常见的持续性心律失常。',
      classId: 1,
    });
  }, 30_000);

  it('sends an edit with the id and the revision it began from', async () => {
    const onSave = jest.fn();
    render(<GlossaryForm editing={hf} areas={AREAS} onSave={onSave} onCancel={() => undefined} />);
    const def = screen.getByLabelText('释义');
    await userEvent.clear(def);
    await enter(def, '心脏结构或功能异常导致的临床综合征。');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({
      id: 7,
      baseRevision: 3,
      term: '心力衰竭',
      english: 'heart failure',
      aliases: ['心衰', 'HF'],
      definition: '心脏结构或功能异常导致的临床综合征。',
      classId: 1,
    });
  }, 30_000);

  it('refuses more than 20 aliases, as the server would', async () => {
    const onSave = jest.fn();
    const many = { ...hf, aliases: Array.from({ length: 21 }, (_, i) => `别名${i + 1}`) };
    render(<GlossaryForm editing={many} areas={AREAS} onSave={onSave} onCancel={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('缩写/同义词最多 20 个')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('drops blank and repeated aliases and the term itself from the payload', () => {
    expect(savePayload({ term: '慢阻肺', english: '', aliases: [' COPD ', '', '慢阻肺', 'COPD'], definition: ' x ', classId: 2 })).toEqual({
      term: '慢阻肺',
      english: '',
      aliases: ['COPD'],
      definition: 'x',
      classId: 2,
    });
  });
});

describe('glossary page', () => {
  it('shows a 10409 as the server says it, keeps the text and offers the newer version', async () => {
    jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue([{ id: 1, classname: '心血管', code: 10, num: 0 }] as never);
    const list = jest
      .spyOn(glossaryApi, 'list')
      .mockResolvedValue({ results: [hf], page: { total: 1, pages: 1, pageNo: 1, pageSize: 20 } });
    const save = jest.spyOn(glossaryApi, 'save').mockRejectedValue(new ApiError(10409, '该术语已被他人修改（当前为第4版），请刷新后再操作'));
    render(
      <MemoryRouter initialEntries={['/editor/glossary']}>
        <GlossaryPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByText('心力衰竭')).closest('tr')!;
    expect(within(row).getByText('HF')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('释义'), { target: { value: '我的修改' } });
    await userEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('未保存：有人已先保存了这个术语');
    expect(alert).toHaveTextContent('该术语已被他人修改（当前为第4版），请刷新后再操作');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ id: 7, baseRevision: 3, definition: '我的修改' }), { silent: true });
    expect(within(drawer).getByLabelText('释义')).toHaveValue('我的修改');

    list.mockResolvedValue({ results: [{ ...hf, revision: 4, definition: '他人的版本' }], page: { total: 1, pages: 1, pageNo: 1, pageSize: 50 } });
    await userEvent.click(within(alert).getByRole('button', { name: '载入最新版本' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByLabelText('释义')).toHaveValue('他人的版本'));
  }, 40_000);
});
