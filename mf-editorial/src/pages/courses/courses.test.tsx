import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiError } from '@qianyan/shared/core';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ConferenceForm } from '../conferences/ConferenceEditorPage';
import CourseEditorPage, { ChildrenTable, LessonForm } from './CourseEditorPage';
import { coursesApi, EMPTY_CONFERENCE, EMPTY_LESSON, endsBeforeBegin, lessonNeeds, moveChild, type EditorLesson } from './coursesApi';
import { CM } from './messages';

beforeEach(() => jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue([{ id: 4, classname: '心血管' }] as never));
afterEach(() => jest.restoreAllMocks());

const can = { update: true, submit: true, toDraft: false, publish: true, schedule: true, withdraw: false, restore: true };
const series: EditorLesson = {
  id: 7,
  lessonResId: 10_007,
  state: 'draft',
  stateLabel: '草稿',
  revision: 3,
  publishAtShanghai: '',
  createdBy: { id: 1, username: 'demo_editor' },
  updatedAt: '2026-11-27T10:00:00.000Z',
  document: { ...EMPTY_LESSON, title: '心衰系列课', subjectSerType: 2 },
  children: [
    { id: 8, lessonResId: 10_008, title: '第一讲', state: 'published', stateLabel: '已发布', subjectSerType: 1, ifViewAuth: 2, memberOnly: 0, sort: 1 },
    { id: 9, lessonResId: 10_009, title: '第二讲', state: 'draft', stateLabel: '草稿', subjectSerType: 1, ifViewAuth: 1, memberOnly: 1, sort: 2 },
  ],
  can,
};

describe('course helpers', () => {
  it('says what each type needs, as the server does', () => {
    expect(lessonNeeds({ subjectSerType: 1, subjectType: 2, outsideChain: '' })).toBe('video');
    expect(lessonNeeds({ subjectSerType: 1, subjectType: 1, outsideChain: '' })).toBe('audio');
    expect(lessonNeeds({ subjectSerType: 4, subjectType: 2, outsideChain: '' })).toBe('content');
    expect(lessonNeeds({ subjectSerType: 2, subjectType: 2, outsideChain: '' })).toBeNull();
    expect(lessonNeeds({ subjectSerType: 1, subjectType: 2, outsideChain: 'https://x.example' })).toBeNull();
  });
  it('moves a child lesson up and down, never past the ends', () => {
    expect(moveChild([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveChild([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveChild([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(endsBeforeBegin('2027-03-02 09:00', '2027-03-01 17:00')).toBe(true);
    expect(endsBeforeBegin('2027-03-01 09:00', '2027-03-01 09:00')).toBe(false);
  });
});

describe('course forms', () => {
  it('a video course shows its media and what it needs; a series has no media field', () => {
    const { rerender } = render(<LessonForm doc={{ ...EMPTY_LESSON, title: '单课' }} onChange={() => {}} />);
    expect(screen.getByText(CM.needs.video)).toBeTruthy();
    expect(screen.getByText(CM.addMedia)).toBeTruthy();
    rerender(<LessonForm doc={{ ...EMPTY_LESSON, title: '系列', subjectSerType: 5 }} onChange={() => {}} />);
    expect(screen.queryByText(CM.addMedia)).toBeNull();
    expect(screen.queryByText(CM.outsideChain)).toBeNull();
  });

  it('moving a child lesson sends every child in the new order', async () => {
    const onOrder = jest.fn();
    render(
      <MemoryRouter>
        <ChildrenTable lesson={series} onOrder={onOrder} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByLabelText(`${CM.up}：第二讲`));
    expect(onOrder).toHaveBeenCalledWith([9, 8]);
    expect((screen.getByLabelText(`${CM.up}：第一讲`) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a conference ending before it begins is marked at the end field', () => {
    render(<ConferenceForm doc={{ ...EMPTY_CONFERENCE, title: '年会', beginTime: '2027-03-02 09:00', endTime: '2027-03-01 17:00' }} onChange={() => {}} />);
    expect(screen.getByText(CM.endBeforeBegin)).toBeTruthy();
  });
});

describe('course editor page', () => {
  it('saves at the revision it began from and shows the server refusal naming the field', async () => {
    jest.spyOn(coursesApi, 'get').mockResolvedValue(series);
    const save = jest.spyOn(coursesApi, 'save').mockRejectedValue(new ApiError(10001, '系列课程不能直接带媒体文件：请把视频或音频放在各节子课程中'));
    render(
      <MemoryRouter initialEntries={['/editor/courses/7']}>
        <Routes>
          <Route path="/editor/courses/:id" element={<CourseEditorPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('第二讲');
    expect(screen.getByText(/^发\s*布$/)).toBeTruthy();
    expect(screen.queryByText(/^撤\s*回$/)).toBeNull();
    await userEvent.click(screen.getByText(/^保\s*存$/));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]!.slice(0, 2)).toEqual([7, 3]);
    expect(await screen.findByText('系列课程不能直接带媒体文件：请把视频或音频放在各节子课程中')).toBeTruthy();
  });
});
