import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UserContext } from '@gm/contract/auth.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { UserContextProvider } from '../user-context.tsx';
import { Permission, useCan } from './permission.tsx';

const user: UserContext = {
  resourceIds: [P.PLAYER_LIST, P.PLAYER_BAN, P.PLAYER_MUTE],
  roleId: 'r1',
  userName: 'Olivia',
  buttons: [P.PLAYER_MUTE],
  account: 'operator',
  operatorId: 'o1',
  roleName: 'Operator',
  totpEnabled: false,
  mustEnrollTotp: false,
};

function render(value: unknown): string {
  return renderToStaticMarkup(
    <UserContextProvider value={user}>
      <Permission value={value as number[]}>
        <button type="button">act</button>
      </Permission>
    </UserContextProvider>,
  );
}

describe('<Permission>', () => {
  it('keeps its children when no listed value is in the buttons', () => {
    expect(render([P.PLAYER_BAN])).toContain('<button');
    expect(render([])).toContain('<button');
  });

  it('removes its children when the buttons hold any listed value', () => {
    expect(render([P.PLAYER_BAN, P.PLAYER_MUTE])).toBe('');
  });

  it('throws when value is not an array', () => {
    expect(() => render(P.PLAYER_BAN)).toThrow(/array/);
    expect(() => render('21009')).toThrow(Error);
  });
});

describe('useCan', () => {
  function Probe({ code }: { code: number }) {
    return <span>{useCan(code) ? 'yes' : 'no'}</span>;
  }
  const html = (code: number) =>
    renderToStaticMarkup(
      <UserContextProvider value={user}>
        <Probe code={code} />
      </UserContextProvider>,
    );

  it('is isGranted of the contract: granted and not denied', () => {
    expect(html(P.PLAYER_BAN)).toContain('yes');
    expect(html(P.PLAYER_MUTE)).toContain('no');
    expect(html(P.AREA_LIST)).toContain('no');
  });

  it('is false outside a signed-in session', () => {
    expect(renderToStaticMarkup(<Probe code={P.PLAYER_BAN} />)).toContain('no');
  });
});
