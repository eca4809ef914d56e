import PersonalScreen from '../features/personal/PersonalScreen';
import { FamilySection } from '../features/family/FamilyViews';

/** The personal centre with the patient's family members (issue 27 §2), composed here, in the app. */
export default function PersonalPage() {
  return <PersonalScreen family={<FamilySection />} />;
}
