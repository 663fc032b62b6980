// The to-do centre (issue 11) loads apart from the light dashboard pages.
export { TodoCentrePage } from '../../features/todoCentre/pages/TodoCentrePage.tsx';
