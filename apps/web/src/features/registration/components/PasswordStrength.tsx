import type { PasswordVerdict } from '@dealflow/domain/passwordStrength';
import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Judge = (password: string, email: string) => PasswordVerdict;
let judgeLoad: Promise<Judge> | null = null;
/** The domain's rule, with its 1 MB of dictionaries, loaded only when the password step opens. */
export function loadJudge(): Promise<Judge> {
  judgeLoad ??= import('@dealflow/domain/passwordStrength').then((m) => m.judgePassword);
  return judgeLoad;
}

/** The verdict for the password as typed (null while the rule loads or nothing is typed). */
export function usePasswordVerdict(password: string, email: string): PasswordVerdict | null {
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    let live = true;
    void loadJudge().then((j) => live && setJudge(() => j));
    return () => {
      live = false;
    };
  }, []);
  if (!judge || !password) return null;
  return judge(password, email);
}

const COLORS = ['#cf1322', '#d4380d', '#d48806', '#7cb305', '#389e0d'] as const;

/** A meter of the password's strength, and why it is refused when it is. */
export function PasswordStrength({ verdict }: { verdict: PasswordVerdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return null;
  const level = t(`registration.password.levels.s${verdict.score}`);
  return (
    <div className="register-strength" aria-live="polite">
      <Progress
        percent={(verdict.score + 1) * 20}
        steps={5}
        showInfo={false}
        strokeColor={COLORS[verdict.score]}
        aria-label={t('registration.password.strength')}
      />
      <span className="register-strength__label">
        {t('registration.password.strength')}：{level}
      </span>
      {verdict.refusal && (
        <div className="register-strength__refusal" role="alert">
          {t(`registration.password.refusal.${verdict.refusal}`)}
        </div>
      )}
    </div>
  );
}
