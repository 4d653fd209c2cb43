import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordStrength, type PasswordStrength } from '../password-strength.ts';

const LEVELS: readonly PasswordStrength[] = ['weak', 'medium', 'strong'];
const COLORS: Record<PasswordStrength, string> = { weak: '#ff4d4f', medium: '#faad14', strong: '#52c41a' };

/** Three bars and a word: weak, medium or strong (the spec's sign-up indicator). */
export function PasswordStrengthMeter({ value, minimum }: { value: string | undefined; minimum: number }) {
  const { t } = useTranslation('common');
  const strength = passwordStrength(value ?? '', minimum);
  const filled = strength ? LEVELS.indexOf(strength) + 1 : 0;
  const color = strength ? COLORS[strength] : undefined;
  return (
    <div aria-live="polite" data-testid="password-strength" data-strength={strength ?? 'none'}>
      <Flex gap={6} align="center">
        {LEVELS.map((level, index) => (
          <div
            key={level}
            style={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              background: index < filled && color ? color : 'rgba(0, 0, 0, 0.08)',
              transition: 'background 0.2s',
            }}
          />
        ))}
        <Typography.Text style={{ minWidth: 72, textAlign: 'right', color: color ?? undefined }} type={strength ? undefined : 'secondary'}>
          {strength ? t('password.strengthIs', { strength: t(`password.${strength}`) }) : t('password.strength')}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('password.hint', { minimum })}
      </Typography.Text>
    </div>
  );
}
