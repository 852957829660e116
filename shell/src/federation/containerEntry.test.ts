import { containerEntry } from './containerEntry';

describe('containerEntry', () => {
  it('turns a released manifest into the container beside it', () => {
    expect(containerEntry('/remotes/mf-content/0.1.0-04a666f1cf/mf-manifest.json')).toBe(
      '/remotes/mf-content/0.1.0-04a666f1cf/remoteEntry.js',
    );
  });

  it('keeps the host and a query of a development remote', () => {
    expect(containerEntry('http://localhost:8081/mf-manifest.json')).toBe('http://localhost:8081/remoteEntry.js');
    expect(containerEntry('https://cdn.example.com/a/mf-manifest.json?v=2')).toBe('https://cdn.example.com/a/remoteEntry.js?v=2');
  });

  it('leaves a container URL as it is', () => {
    expect(containerEntry('/remotes/mf-courses/1.0.0/remoteEntry.js')).toBe('/remotes/mf-courses/1.0.0/remoteEntry.js');
  });
});
