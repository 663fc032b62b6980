// The investor area chunk: its layouts only. Each investor page is a chunk of its own (router.tsx),
// so an investor on a phone downloads the code of the page they open and no other.
export { InvestorLayout, investorShellReady } from '../layouts/InvestorLayout.tsx';
export { ChangePasswordLayout } from '../layouts/ChangePasswordLayout.tsx';
export { EmptyLayout } from '../layouts/EmptyLayout.tsx';
