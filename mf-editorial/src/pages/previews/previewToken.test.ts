import { renamePreviewToken } from '../../consoleApi';

describe('the preview link reply', () => {
  it('renames the link’s token so the shared client does not take it for the session’s', () => {
    const reply = renamePreviewToken(JSON.stringify({ code: 0, msg: 'success', data: { id: 3, token: 'abc', url: '/article-info?permalinks=P&prev=abc' } }));
    expect(reply).toEqual({ code: 0, msg: 'success', data: { id: 3, previewToken: 'abc', url: '/article-info?permalinks=P&prev=abc' } });
  });

  it('leaves an error reply as it is', () => {
    expect(renamePreviewToken('{"code":10403,"msg":"没有权限","data":null}')).toEqual({ code: 10403, msg: '没有权限', data: null });
  });
});
