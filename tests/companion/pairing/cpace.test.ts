import * as cpace from '@dnsferry/companion/pairing/cpace';
import { checkCpaceVectors } from '../../support/cpace-vectors';

checkCpaceVectors('companion', cpace);
