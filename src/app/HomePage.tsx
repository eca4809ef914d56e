import HubScreen from '../features/home/HubScreen';
import { FamilySwitcher } from '../features/family/FamilyViews';

/** Home with whose records it shows (issue 27 §2): the family feature meets the hub here, in the app. */
export default function HomePage() {
  return <HubScreen family={<FamilySwitcher />} />;
}
