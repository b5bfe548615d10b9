import { useTranslation } from 'react-i18next';
import { requestSignIn } from '../lib/sign-in-request';
import './sign-in-prompt.css';

/**
 * A "please sign in" notice with its way forward: a Sign in button that opens the shell's sign-in
 * form (the top bar's account sheet), so the listener never has to look for it.
 */
export function SignInPrompt({ text, className = 'shell-notice', id }: { text: string; className?: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className={`sign-in-prompt ${className}`}>
      <p className="sign-in-prompt__text">{text}</p>
      <button type="button" className="button button--primary sign-in-prompt__button" onClick={requestSignIn}>
        {t('shell.signIn')}
      </button>
    </div>
  );
}
