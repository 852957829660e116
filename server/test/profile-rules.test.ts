import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EDUCATION_OPTIONS, IDENTITY_OPTIONS, JOB_LEVEL_OPTIONS, JOB_TITLE_OPTIONS, ROLE_BY_IDENTITY as SHARED_ROLES } from '../../shared/src/constants.js';
import { MSG } from '../../shared/src/messages.js';
import { validateProfile, type ProfileDraft as SharedDraft } from '../../shared/src/validation.js';
import {
  EDUCATIONS,
  FIELDS_BY_IDENTITY,
  firstProfileError,
  IDENTITIES,
  JOB_LEVELS,
  JOB_TITLES,
  ProfileMessages,
  ROLE_BY_IDENTITY,
} from '../src/modules/profile/rules.js';
import { UploadMessages } from '../src/modules/files/service.js';

// The server checks the profile as the browser does (shared/src/validation.ts): same options, same
// messages, and for every draft the first message the form would show.

describe('profile rules agree with the shared ones', () => {
  it('uses the same options and role ids', () => {
    assert.deepEqual([...IDENTITIES], [...IDENTITY_OPTIONS]);
    assert.deepEqual([...JOB_LEVELS], [...JOB_LEVEL_OPTIONS]);
    assert.deepEqual([...JOB_TITLES], [...JOB_TITLE_OPTIONS]);
    assert.deepEqual([...EDUCATIONS], [...EDUCATION_OPTIONS]);
    assert.deepEqual(ROLE_BY_IDENTITY, SHARED_ROLES);
  });

  it('uses the exact §5 messages', () => {
    for (const key of Object.keys(ProfileMessages) as Array<keyof typeof ProfileMessages>) {
      if (key in MSG) assert.equal(ProfileMessages[key], MSG[key as keyof typeof MSG], key);
    }
    assert.equal(ProfileMessages.saved, MSG.saveSuccess);
    assert.equal(UploadMessages.type, MSG.imageType);
    assert.equal(UploadMessages.size, MSG.imageSize);
  });

  it('reports, for every missing field, the message validateProfile gives it', () => {
    const full: Record<string, string> = {
      truename: '王晓',
      city: '110100',
      hospital: '北京协和医院',
      division: '心血管内科',
      joblevel: JOB_LEVELS[2]!,
      jobname: JOB_TITLES[4]!,
      university: '北京大学医学部',
      majors: '临床医学',
      entranceYear: '2022',
      qualification: '本科',
      otherCompany: '某公司',
      otherDepartment: '医学部',
      otherJobname: '经理',
    };
    for (const identity of IDENTITIES) {
      const fields = ['truename', 'city', ...FIELDS_BY_IDENTITY[identity]];
      for (const missing of fields) {
        const draft = { ...full, [missing]: '' };
        const shared = validateProfile({ ...draft, identity } as SharedDraft);
        const server = firstProfileError({
          identity,
          truename: draft.truename!,
          city: draft.city!,
          fields: draft,
        });
        assert.deepEqual(Object.keys(shared), [missing], `${identity} without ${missing}`);
        assert.equal(server, Object.values(shared)[0], `${identity} without ${missing}`);
      }
      assert.equal(firstProfileError({ identity, truename: full.truename!, city: full.city!, fields: full }), null);
      assert.deepEqual(validateProfile({ ...full, identity } as SharedDraft), {});
    }
  });
});
